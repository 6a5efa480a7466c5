// Byte sizes (KFOOT_CACHE_MAX_BYTES): must agree with kfoot/core/units.py (parse_bytes;
// tests/vectors/units.json).
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>

namespace kfoot::detail {

inline std::uint64_t parse_bytes(const std::string& text, const char* what) {
  std::size_t i = 0, n = text.size();
  auto bad = [&] { return Error(std::string(what) + ": '" + text + "' is not a size (e.g. 4096, 64KiB, 500M, 1MB)"); };
  while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  std::size_t start = i;
  while (i < n && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  if (i == start) throw bad();
  if (i < n && text[i] == '.') {
    std::size_t frac = ++i;
    while (i < n && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    if (i == frac) throw bad();
  }
  std::string number = text.substr(start, i - start);
  while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  std::string unit;
  while (i < n && std::isalpha(static_cast<unsigned char>(text[i])))
    unit += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i++])));
  while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i != n) throw bad();
  static const std::map<std::string, long double> units = {
      {"", 1}, {"b", 1}, {"kb", 1e3L}, {"mb", 1e6L}, {"gb", 1e9L}, {"tb", 1e12L},
      {"kib", 1024.0L}, {"mib", 1048576.0L}, {"gib", 1073741824.0L}, {"tib", 1099511627776.0L},
      {"k", 1024.0L}, {"m", 1048576.0L}, {"g", 1073741824.0L}, {"t", 1099511627776.0L}};
  auto found = units.find(unit);
  if (found == units.end())
    throw Error(std::string(what) + ": '" + text + "' has an unknown unit '" + unit +
                "'; use B, kB, MB, GB (powers of 1000) or KiB, MiB, GiB, K, M, G (powers of 1024)");
  return static_cast<std::uint64_t>(std::floor(std::strtold(number.c_str(), nullptr) * found->second));
}

}  // namespace kfoot::detail
