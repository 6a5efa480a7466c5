// The files a header reaches through #include: must agree with kfoot/core/includes.py
// (walk_includes; tests/vectors/includes.json). The RTC cache key's source digest is built on it
// (fingerprint.hpp).
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "fs.hpp"

namespace kfoot::detail {

// Matches ^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"] at line starts, as the Python regex.
inline std::vector<std::pair<bool, std::string>> scan_includes(const std::string& data) {
  std::vector<std::pair<bool, std::string>> out;
  std::size_t n = data.size(), resume = 0;
  for (std::size_t ls = 0; ls <= n;) {
    std::size_t i = ls;
    bool matched = false;
    if (ls >= resume) {
      auto blanks = [&] { while (i < n && (data[i] == ' ' || data[i] == '\t')) ++i; };
      blanks();
      if (i < n && data[i] == '#') {
        ++i;
        blanks();
        if (data.compare(i, 7, "include") == 0) {
          i += 7;
          blanks();
          if (i < n && (data[i] == '<' || data[i] == '"')) {
            bool quoted = data[i] == '"';
            std::size_t start = ++i;
            while (i < n && data[i] != '>' && data[i] != '"') ++i;
            if (i < n && i > start) {
              out.emplace_back(quoted, data.substr(start, i - start));
              resume = i + 1;
              matched = true;
            }
          }
        }
      }
    }
    std::size_t from = matched ? resume : ls;
    auto nl = data.find('\n', from);
    if (nl == std::string::npos) break;
    ls = nl + 1;
  }
  return out;
}

// For the header and every file it reaches, breadth first, each once: visit(resolved path,
// bytes, names that resolved nowhere). Quoted names resolve next to the including file first,
// then in `include_dirs`; angled ones in `include_dirs` only, as nvcc and NVRTC do.
template <class Visit>
inline void walk_includes(const std::string& main_header, const std::vector<std::string>& include_dirs, Visit&& visit) {
  std::unordered_set<std::string> seen;
  std::vector<std::string> pending{real_path(main_header)};
  for (std::size_t next = 0; next < pending.size(); ++next) {
    std::string path = pending[next];  // a copy: pending grows below
    if (!seen.insert(path).second) continue;
    std::string data;
    if (!read_file(path, data)) throw Error("template source unreadable: " + path + "; copy the registry folder whole");
    std::vector<std::string> unresolved;
    for (const auto& [quoted, name] : scan_includes(data)) {
      std::vector<std::string> candidates;
      if (quoted) candidates.push_back(join(parent_of(path), name));
      for (const auto& d : include_dirs) candidates.push_back(join(d, name));
      std::string target;
      for (const auto& c : candidates)
        if (is_file(c)) { target = real_path(c); break; }
      if (target.empty()) unresolved.push_back(name);
      else if (!seen.count(target)) pending.push_back(target);
    }
    visit(path, data, unresolved);
  }
}

}  // namespace kfoot::detail
