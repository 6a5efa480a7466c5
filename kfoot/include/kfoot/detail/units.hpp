// Byte sizes (KFOOT_CACHE_MAX_BYTES): must agree with kfoot/core/units.py (parse_bytes;
// tests/vectors/units.json, the error lines too, quoted by inputfile.hpp's shown).
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <cctype>
#include <cstdint>
#include <limits>
#include <map>
#include <string>

namespace kfoot::detail {

// The exact size, rounded down; more than 2^64 - 1 bytes is refused.
inline std::uint64_t parse_bytes(const std::string& text, const char* what) {
  std::size_t i = 0, n = text.size();
  auto bad = [&] { return Error(std::string(what) + ": " + shown(text) + " is not a size (e.g. 4096, 64KiB, 500M, 1MB)"); };
  auto space = [&] { while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) ++i; };
  auto digits = [&] {
    std::size_t from = i;
    while (i < n && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    return text.substr(from, i - from);
  };
  space();
  std::string whole = digits(), fraction;
  if (whole.empty()) throw bad();
  if (i < n && text[i] == '.') {
    ++i;
    fraction = digits();
    if (fraction.empty()) throw bad();
  }
  space();
  std::size_t unit_at = i;
  while (i < n && std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
  std::string unit = text.substr(unit_at, i - unit_at), lower;
  for (char c : unit) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  space();
  if (i != n) throw bad();
  static const std::map<std::string, std::uint64_t> units = {
      {"", 1}, {"b", 1}, {"kb", 1000}, {"mb", 1000000}, {"gb", 1000000000}, {"tb", 1000000000000},
      {"kib", 1ull << 10}, {"mib", 1ull << 20}, {"gib", 1ull << 30}, {"tib", 1ull << 40},
      {"k", 1ull << 10}, {"m", 1ull << 20}, {"g", 1ull << 30}, {"t", 1ull << 40}};
  auto found = units.find(lower);
  if (found == units.end())
    throw Error(std::string(what) + ": " + shown(text) + " has an unknown unit " + shown(unit) +
                "; use B, kB, MB, GB (powers of 1000) or KiB, MiB, GiB, K, M, G (powers of 1024)");
  const std::uint64_t factor = found->second, most = std::numeric_limits<std::uint64_t>::max();
  auto too_large = [&] { return Error(std::string(what) + ": " + shown(text) + " is more than " + std::to_string(most) + " bytes"); };
  // The fraction times the factor, by long multiplication from its last digit: the carry out of
  // the first digit is floor(0.fraction * factor), exactly (each carry stays below the factor).
  std::uint64_t carry = 0;
  for (auto d = fraction.rbegin(); d != fraction.rend(); ++d) carry = (static_cast<std::uint64_t>(*d - '0') * factor + carry) / 10;
  std::uint64_t bytes = 0;
  for (char d : whole) {
    std::uint64_t digit = static_cast<std::uint64_t>(d - '0');
    if (bytes > (most - digit) / 10) throw too_large();
    bytes = bytes * 10 + digit;
  }
  if (bytes > (most - carry) / factor) throw too_large();
  return bytes * factor + carry;
}

}  // namespace kfoot::detail
