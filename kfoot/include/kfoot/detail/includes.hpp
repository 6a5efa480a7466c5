// The files a header reaches through #include: must agree with kfoot/core/includes.py
// (walk_includes; tests/vectors/includes.json). The RTC cache key's source digest is built on it
// (fingerprint.hpp).
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <tuple>
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

namespace includes_detail {
inline bool ident_start(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
inline bool ident_char(char c) { return ident_start(c) || (c >= '0' && c <= '9'); }
// The lines of `data` (split at '\n') that start `[ \t]*#[ \t]*KEYWORD`, each from just after the keyword.
template <class Each>
inline void directive_lines(const std::string& data, const char* keyword, Each&& each) {
  std::string word(keyword);
  std::size_t n = data.size();
  for (std::size_t ls = 0; ls <= n;) {
    std::size_t nl = data.find('\n', ls), end = nl == std::string::npos ? n : nl, i = ls;
    auto blanks = [&] { while (i < end && (data[i] == ' ' || data[i] == '\t')) ++i; };
    blanks();
    if (i < end && data[i] == '#') {
      ++i;
      blanks();
      if (data.compare(i, word.size(), word) == 0) each(data.substr(i + word.size(), end - i - word.size()));
    }
    if (nl == std::string::npos) break;
    ls = nl + 1;
  }
}
inline std::string strip(const std::string& s) {
  std::size_t b = s.find_first_not_of(" \t\r\f\v\n"), e = s.find_last_not_of(" \t\r\f\v\n");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}
inline std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  if (strip(s).empty()) return out;
  std::size_t from = 0;
  for (;;) {
    std::size_t comma = s.find(',', from);
    out.push_back(strip(s.substr(from, comma == std::string::npos ? std::string::npos : comma - from)));
    if (comma == std::string::npos) return out;
    from = comma + 1;
  }
}
// At `i`: [ \t]+ then an identifier, put in `name`, `i` left past it; false when they are not there.
inline bool blanks_then_name(const std::string& rest, std::size_t& i, std::string& name) {
  std::size_t from = i, n = rest.size();
  while (i < n && (rest[i] == ' ' || rest[i] == '\t')) ++i;
  if (i == from || i >= n || !ident_start(rest[i])) return false;
  std::size_t start = i;
  while (i < n && ident_char(rest[i])) ++i;
  name = rest.substr(start, i - start);
  return true;
}
// After the keyword: [ \t]+NAME, then optionally [ \t]*( ARGS ) with no parenthesis or newline in ARGS.
inline bool parse_macro_include(const std::string& rest, std::string& name, std::optional<std::string>& args) {
  std::size_t i = 0, n = rest.size();
  if (!blanks_then_name(rest, i, name)) return false;
  while (i < n && (rest[i] == ' ' || rest[i] == '\t')) ++i;
  args.reset();
  if (i < n && rest[i] == '(') {
    std::size_t close = rest.find_first_of("()", i + 1);
    if (close != std::string::npos && rest[close] == ')') args = rest.substr(i + 1, close - i - 1);
  }
  return true;
}
struct Definition {
  std::optional<std::string> params;
  bool quoted;
  std::string body;
};
// After "define": [ \t]+NAME, optionally (PARAMS) right after it, [ \t]+, then <BODY> or "BODY".
inline bool parse_define(const std::string& rest, std::string& name, Definition& def) {
  std::size_t i = 0, n = rest.size();
  if (!blanks_then_name(rest, i, name)) return false;
  def.params.reset();
  if (i < n && rest[i] == '(') {
    std::size_t close = rest.find_first_of("()", i + 1);
    if (close == std::string::npos || rest[close] != ')') return false;
    def.params = rest.substr(i + 1, close - i - 1);
    i = close + 1;
  }
  std::size_t blank = i;
  while (i < n && (rest[i] == ' ' || rest[i] == '\t')) ++i;
  if (i == blank || i >= n || (rest[i] != '<' && rest[i] != '"')) return false;
  def.quoted = rest[i] == '"';
  std::size_t body = ++i;
  while (i < n && rest[i] != '>' && rest[i] != '"') ++i;
  if (i >= n || i == body) return false;
  def.body = rest.substr(body, i - body);
  return true;
}
// (quoted, header name) for each definition the arguments fit, as kfoot/core/includes.py _expand.
inline std::vector<std::pair<bool, std::string>> expand(const std::vector<Definition>& defs,
                                                       const std::optional<std::string>& args) {
  std::vector<std::pair<bool, std::string>> out;
  for (const auto& def : defs) {
    if (def.params.has_value() != args.has_value()) continue;
    std::string body = def.body;
    if (def.params) {
      std::vector<std::string> names = split_commas(*def.params), values = split_commas(*args);
      if (names.size() != values.size()) continue;
      std::string replaced;
      for (std::size_t i = 0; i < body.size();) {
        if (!ident_start(body[i])) { replaced += body[i++]; continue; }
        std::size_t start = i;
        while (i < body.size() && ident_char(body[i])) ++i;
        std::string word = body.substr(start, i - start);
        std::size_t k = 0;
        while (k < names.size() && names[k] != word) ++k;
        replaced += k < names.size() ? values[k] : word;
      }
      body = replaced;
    }
    std::string text = strip(body);
    if (!text.empty() && text.find_first_of(">\"") == std::string::npos) out.emplace_back(def.quoted, text);
  }
  return out;
}
}  // namespace includes_detail

// For the header and every file it reaches, breadth first, each once: visit(resolved path,
// bytes, names that resolved nowhere). Quoted names resolve next to the including file first,
// then in `include_dirs`; angled ones in `include_dirs` only, as nvcc and NVRTC do.
template <class Visit>
inline void walk_includes(const std::string& main_header, const std::vector<std::string>& include_dirs, Visit&& visit) {
  namespace id = includes_detail;
  std::unordered_set<std::string> seen;
  std::vector<std::string> pending{real_path(main_header)};
  // Macro operands (#include NAME(args)) and the definitions that can name a header: expanded
  // once the files run out, and walked on from, until nothing new is found (includes.py).
  std::vector<std::tuple<std::string, std::string, std::optional<std::string>>> macro_includes;
  std::map<std::string, std::vector<id::Definition>> definitions;
  auto resolve = [&](bool quoted, const std::string& name, const std::string& path) {
    std::vector<std::string> candidates;
    if (quoted) candidates.push_back(join(parent_of(path), name));
    for (const auto& d : include_dirs) candidates.push_back(join(d, name));
    for (const auto& c : candidates)
      if (is_file(c)) return real_path(c);
    return std::string();
  };
  for (std::size_t next = 0; next < pending.size();) {
    for (; next < pending.size(); ++next) {
      std::string path = pending[next];  // a copy: pending grows below
      if (!seen.insert(path).second) continue;
      std::string data;
      if (!read_file(path, data)) throw Error("template source unreadable: " + path + "; copy the registry folder whole");
      std::vector<std::string> unresolved;
      for (const auto& [quoted, name] : scan_includes(data)) {
        std::string target = resolve(quoted, name, path);
        if (target.empty()) unresolved.push_back(name);
        else if (!seen.count(target)) pending.push_back(target);
      }
      id::directive_lines(data, "include", [&](const std::string& rest) {
        std::string name;
        std::optional<std::string> args;
        if (id::parse_macro_include(rest, name, args)) macro_includes.emplace_back(path, name, args);
      });
      id::directive_lines(data, "define", [&](const std::string& rest) {
        std::string name;
        id::Definition def;
        if (id::parse_define(rest, name, def)) definitions[name].push_back(def);
      });
      visit(path, data, unresolved);
    }
    for (const auto& [path, name, args] : macro_includes) {
      auto found = definitions.find(name);
      if (found == definitions.end()) continue;
      for (const auto& [quoted, text] : id::expand(found->second, args)) {
        std::string target = resolve(quoted, text, path);
        if (!target.empty() && !seen.count(target)) pending.push_back(target);
      }
    }
  }
}

}  // namespace kfoot::detail
