// Lookup by axis values: must agree with kfoot/runtime/registry.py (Registry.lookup: free axes
// required, derived ones checked, one-line misses with the nearest values). Shared by the
// registry (detail/registry.hpp) and the find_kernel(family, values) of an AOT library's generated
// kernels.hpp (kfoot/compile/lookup.py writes this text into it), so both say the same.
//
// Standard C++17 only: no other kfoot header, no CUDA.
#pragma once
// A guard too: an AOT library's generated kernels.hpp holds this text, and a program may include
// it and kfoot/runtime.hpp both.
#ifndef KFOOT_DETAIL_AXIS_LOOKUP_HPP
#define KFOOT_DETAIL_AXIS_LOOKUP_HPP

#include <algorithm>
#include <cstddef>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kfoot {
namespace detail {

inline std::string nearest(const std::string& asked, const std::vector<std::string>& valid) {
  // Edit distance, closest first: at most 3 within half the longer length, else the first 8.
  auto distance = [](const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      std::size_t prev = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= b.size(); ++j) {
        std::size_t cur = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1)});
        prev = cur;
      }
    }
    return row[b.size()];
  };
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& v : valid) {
    std::size_t d = distance(asked, v);
    if (d * 2 <= std::max(asked.size(), v.size())) scored.emplace_back(d, v);
  }
  std::stable_sort(scored.begin(), scored.end(), [](auto& a, auto& b) { return a.first < b.first; });
  std::string out;
  if (!scored.empty()) {
    for (std::size_t i = 0; i < scored.size() && i < 3; ++i) out += (i ? ", " : "") + scored[i].second;
    return out;
  }
  for (std::size_t i = 0; i < valid.size() && i < 8; ++i) out += (i ? ", " : "") + valid[i];
  return valid.size() > 8 ? out + ", ..." : out;
}

// The row of `family` for `values` (axis, value as text): every free axis given, the variant
// looked up by the free values joined by '\x1f' in `by_free`, derived axes given checked
// against `row_of(row)`. A miss calls `fail(message)`, which must throw. `valid_of(axis)`: the
// values an axis takes, first-seen order; `is_string(axis)`: whether they are quoted in messages.
template <class ValidOf, class IsString, class RowOf, class Fail>
std::size_t find_variant(const std::string& family, const std::vector<std::string>& axes,
                         const std::vector<std::string>& free_axes,
                         const std::unordered_map<std::string, std::size_t>& by_free,
                         const std::vector<std::pair<std::string, std::string>>& values, ValidOf valid_of,
                         IsString is_string, RowOf row_of, Fail fail) {
  auto given = [&](const std::string& axis) -> const std::string* {
    for (const auto& [a, v] : values)
      if (a == axis) return &v;
    return nullptr;
  };
  auto list = [](const std::vector<std::string>& names) {
    std::string out;
    for (const auto& x : names) out += (out.empty() ? "" : ", ") + x;
    return out;
  };
  std::string key;
  for (const auto& axis : free_axes) {
    const std::string* v = given(axis);
    if (!v) {
      std::string missing;
      for (const auto& a : free_axes)
        if (!given(a)) missing += (missing.empty() ? "" : ", ") + a;
      fail(family + " needs a value for " + missing + " (free axes: " + list(free_axes) + ")");
    }
    key += *v;
    key += '\x1f';
  }
  auto quote = [&](const std::string& axis, const std::string& v) { return is_string(axis) ? "'" + v + "'" : v; };
  auto hit = by_free.find(key);
  if (hit == by_free.end()) {
    for (const auto& [a, v] : values)
      if (std::find(axes.begin(), axes.end(), a) == axes.end()) fail(family + " has no axis '" + a + "' (axes: " + list(axes) + ")");
    std::string asked;
    for (const auto& axis : free_axes) asked += (asked.empty() ? "" : ", ") + axis + "=" + quote(axis, *given(axis));
    for (const auto& axis : free_axes) {
      const std::vector<std::string> valid = valid_of(axis);
      if (std::find(valid.begin(), valid.end(), *given(axis)) == valid.end())
        fail(family + " has no variant " + asked + ": " + axis + "=" + quote(axis, *given(axis)) + " is not a value of " +
             axis + "; nearest: " + nearest(*given(axis), valid));
    }
    fail(family + " has no variant " + asked + " (excluded by the spec)");
  }
  if (values.size() != free_axes.size()) {  // derived axes given: check them against the spec's
    const auto& row = row_of(hit->second);
    for (const auto& [a, v] : values) {
      auto at = std::find_if(row.begin(), row.end(), [&](const auto& p) { return p.first == a; });
      if (at == row.end()) fail(family + " has no axis '" + a + "' (axes: " + list(axes) + ")");
      if (at->second != v)
        fail(family + ": " + a + "=" + quote(a, v) + " contradicts the spec, which derives " + a + "=" + quote(a, at->second));
    }
  }
  return hit->second;
}

}  // namespace detail
}  // namespace kfoot

#endif  // KFOOT_DETAIL_AXIS_LOOKUP_HPP
