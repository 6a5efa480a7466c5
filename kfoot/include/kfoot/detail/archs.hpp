// GPU arch names and which SASS runs where: must agree with kfoot/core/archs.py
// (parse_device_arch, sass_runs_on; tests/vectors/archs.json).
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace kfoot::detail {

struct Arch {
  int number = 0;
  std::string suffix;  // "", "a" or "f"
  std::string name() const { return "sm_" + std::to_string(number) + suffix; }
};

inline Arch parse_arch(std::string_view raw) {
  std::string s;
  for (char c : raw) s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  std::size_t i = 0;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  s = s.substr(i);
  std::string rest = s;
  if (rest.rfind("sm_", 0) == 0) rest = rest.substr(3);
  else if (rest.rfind("sm", 0) == 0) rest = rest.substr(2);
  std::size_t digits = 0;
  while (digits < rest.size() && std::isdigit(static_cast<unsigned char>(rest[digits]))) ++digits;
  std::string suffix = rest.substr(digits);
  if (digits < 2 || digits > 3 || !(suffix.empty() || suffix == "a" || suffix == "f"))
    throw Error("arch: bad arch '" + std::string(raw) + "': it is not a SASS arch such as sm_90 or sm_90a");
  return Arch{std::stoi(rest.substr(0, digits)), suffix};
}

inline bool sass_runs_on(const Arch& built, const Arch& device) {
  if (!built.suffix.empty()) return built.number == device.number && built.suffix == device.suffix;
  return built.number / 10 == device.number / 10 && built.number % 10 <= device.number % 10;
}

}  // namespace kfoot::detail
