// JSON, as Python's json module reads and writes it (kfoot/runtime/registry.py and
// kfoot/runtime/kernel_cache.py use json.loads and json.dumps): enough to read registry.json and
// cache entries, and to write cache keys and entries. json_string is json.dumps of one string
// (ensure_ascii), byte for byte: the cache key hashes it (tests/vectors/json.json).
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <cctype>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kfoot::detail {

struct Json {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  bool boolean = false;
  std::string text;  // String: the value; Number: its spelling in the file
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> members;  // in file order

  const Json* get(std::string_view name) const {
    for (const auto& m : members)
      if (m.first == name) return &m.second;
    return nullptr;
  }
  bool is_integer() const {
    return kind == Number && text.find_first_of(".eE") == std::string::npos;
  }
  // A value as the registry's axes compare it: strings as they are, numbers and booleans spelled.
  std::string scalar() const {
    if (kind == String || kind == Number) return text;
    if (kind == Bool) return boolean ? "true" : "false";
    return "null";
  }
};

class JsonReader {
 public:
  JsonReader(std::string_view s, std::string what) : s_(s), what_(std::move(what)) {}
  Json parse() {
    Json v = value(0);
    skip();
    if (i_ != s_.size()) fail("trailing data");
    return v;
  }

 private:
  [[noreturn]] void fail(const char* why) {
    throw Error(what_ + ": not valid JSON (" + why + " at byte " + std::to_string(i_) + ")");
  }
  void skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t')) ++i_;
  }
  Json value(int depth) {
    if (depth > 64) fail("nesting too deep");
    skip();
    if (i_ >= s_.size()) fail("unexpected end");
    Json v;
    char c = s_[i_];
    if (c == '{') {
      v.kind = Json::Object;
      std::unordered_map<std::string, std::size_t> index;
      ++i_;
      skip();
      if (i_ < s_.size() && s_[i_] == '}') { ++i_; return v; }
      for (;;) {
        skip();
        if (i_ >= s_.size() || s_[i_] != '"') fail("expected a member name");
        std::string name = string();
        skip();
        if (i_ >= s_.size() || s_[i_] != ':') fail("expected ':'");
        ++i_;
        add_member(v, index, std::move(name), value(depth + 1));
        skip();
        if (i_ < s_.size() && s_[i_] == ',') { ++i_; continue; }
        if (i_ < s_.size() && s_[i_] == '}') { ++i_; return v; }
        fail("expected ',' or '}'");
      }
    }
    if (c == '[') {
      v.kind = Json::Array;
      ++i_;
      skip();
      if (i_ < s_.size() && s_[i_] == ']') { ++i_; return v; }
      for (;;) {
        v.items.push_back(value(depth + 1));
        skip();
        if (i_ < s_.size() && s_[i_] == ',') { ++i_; continue; }
        if (i_ < s_.size() && s_[i_] == ']') { ++i_; return v; }
        fail("expected ',' or ']'");
      }
    }
    if (c == '"') {
      v.kind = Json::String;
      v.text = string();
      return v;
    }
    if (literal("true")) { v.kind = Json::Bool; v.boolean = true; return v; }
    if (literal("false")) { v.kind = Json::Bool; return v; }
    if (literal("null")) return v;
    // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?: RFC 8259's numbers, all json.loads reads.
    std::size_t start = i_;
    auto digits = [&] {
      std::size_t from = i_;
      while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
      return i_ > from;
    };
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    if (i_ < s_.size() && s_[i_] == '0') ++i_;
    else if (!digits()) fail("unexpected character");
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      if (!digits()) fail("bad number");
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      if (!digits()) fail("bad number");
    }
    v.kind = Json::Number;
    v.text = std::string(s_.substr(start, i_ - start));
    return v;
  }
  // A repeated member name keeps its first place and takes the last value, as in the dict
  // json.loads makes, so both sides read the same registry. Large objects (a registry's AOT
  // kernels) find repeats through `index`, built once they pass 16 members.
  static void add_member(Json& object, std::unordered_map<std::string, std::size_t>& index, std::string name, Json item) {
    auto& members = object.members;
    std::size_t at = members.size();
    if (members.size() < 16) {
      for (std::size_t k = 0; k < members.size(); ++k)
        if (members[k].first == name) at = k;
    } else {
      if (index.empty())
        for (std::size_t k = 0; k < members.size(); ++k) index.emplace(members[k].first, k);
      at = index.emplace(name, members.size()).first->second;
    }
    if (at < members.size()) members[at].second = std::move(item);
    else members.emplace_back(std::move(name), std::move(item));
  }
  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) == word) { i_ += word.size(); return true; }
    return false;
  }
  unsigned hex4() {
    if (i_ + 4 > s_.size()) fail("short \\u escape");
    unsigned v = 0;
    for (int k = 0; k < 4; ++k) {
      char c = s_[i_++];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= unsigned(c - '0');
      else if (c >= 'a' && c <= 'f') v |= unsigned(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') v |= unsigned(c - 'A' + 10);
      else fail("bad \\u escape");
    }
    return v;
  }
  static void utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) out += char(cp);
    else if (cp < 0x800) { out += char(0xC0 | (cp >> 6)); out += char(0x80 | (cp & 63)); }
    else if (cp < 0x10000) { out += char(0xE0 | (cp >> 12)); out += char(0x80 | ((cp >> 6) & 63)); out += char(0x80 | (cp & 63)); }
    else { out += char(0xF0 | (cp >> 18)); out += char(0x80 | ((cp >> 12) & 63)); out += char(0x80 | ((cp >> 6) & 63)); out += char(0x80 | (cp & 63)); }
  }
  std::string string() {
    ++i_;  // the opening quote
    std::string out;
    for (;;) {
      if (i_ >= s_.size()) fail("unterminated string");
      char c = s_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c != '\\') { out += c; continue; }
      if (i_ >= s_.size()) fail("unterminated escape");
      char e = s_[i_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned cp = hex4();
          if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(i_, 2) == "\\u") {
            std::size_t back = i_;
            i_ += 2;
            unsigned low = hex4();
            if (low >= 0xDC00 && low < 0xE000) cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            else i_ = back;
          }
          utf8(out, cp);
          break;
        }
        default: fail("bad escape");
      }
    }
  }
  std::string_view s_;
  std::string what_;
  std::size_t i_ = 0;
};

// A string as Python's json.dumps writes it (ensure_ascii): what the cache key hashes.
inline std::string json_string(std::string_view s) {
  static const char* hex = "0123456789abcdef";
  std::string out = "\"";
  auto escape16 = [&](unsigned u) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += hex[(u >> shift) & 15];
  };
  for (std::size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
          if (c < 0x20 || c == 0x7f) escape16(c);  // json.dumps escapes all but space to ~
          else out += char(c);
      }
      continue;
    }
    // Non-ASCII: decode UTF-8, escape as \uXXXX (a surrogate pair above the BMP).
    unsigned cp = 0;
    int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    cp = extra == 3 ? (c & 7) : extra == 2 ? (c & 15) : extra == 1 ? (c & 31) : c;
    ++i;
    for (int k = 0; k < extra && i < s.size(); ++k, ++i) cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 63);
    if (cp >= 0x10000) {
      cp -= 0x10000;
      escape16(0xD800 + (cp >> 10));
      escape16(0xDC00 + (cp & 0x3FF));
    } else {
      escape16(cp);
    }
  }
  return out + "\"";
}

}  // namespace kfoot::detail
