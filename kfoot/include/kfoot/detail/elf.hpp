// What a cubin says it is: must agree with kfoot/runtime/cache_entry.py cubin_claims (the SM
// number, the kernels its symbol tables define) and refuse what it refuses (tests/vectors/cubin_claims.json). The bytes come from a cache
// or a pack: untrusted, so every offset and size is checked before it is used, without adding
// (a forged 64-bit offset would wrap), and nothing is read past `data`.
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace kfoot::detail {

struct CubinClaims {
  unsigned sm = 0;
  std::vector<std::string> kernels;  // the names of the symbols marked as CUDA entries
};

namespace elf {
inline std::uint64_t le(const std::string& d, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(d[at + static_cast<std::size_t>(i)]);
  return v;
}
// Sections that hold no bytes in the file (kfoot/binary/cubin.py NO_FILE_BYTES).
inline bool no_file_bytes(std::uint64_t type) {
  return type == 8 || type == 0x70000007 || type == 0x7000000A || type == 0x70000015;
}
}  // namespace elf

// The claims of an ELF64 cubin, or "" and the reason it is not one in `problem` (the words
// parse_cubin's FormatError uses). 32-bit ELF is refused: NVRTC writes only ELF64.
inline bool cubin_claims(const std::string& d, CubinClaims& out, std::string& problem) {
  using elf::le;
  const std::uint64_t size = d.size();
  if (size < 52 || d.compare(0, 4, "\x7f" "ELF") != 0) { problem = "not an ELF image"; return false; }
  unsigned elf_class = static_cast<unsigned char>(d[4]), order = static_cast<unsigned char>(d[5]);
  if (elf_class != 2 || order != 1) {
    problem = "unsupported ELF class " + std::to_string(elf_class) + " or byte order " + std::to_string(order);
    return false;
  }
  if (size < 64) { problem = "ELF header is truncated"; return false; }
  if (le(d, 18, 2) != 190) { problem = "ELF machine " + std::to_string(le(d, 18, 2)) + " is not CUDA (190)"; return false; }
  const std::uint64_t shoff = le(d, 40, 8), shentsize = le(d, 58, 2), shnum = le(d, 60, 2), shstrndx = le(d, 62, 2);
  // shnum * 64 is at most 4 MiB: no wrap once shoff is within the image.
  if (shnum && (shentsize != 64 || shoff > size || shnum * shentsize > size - shoff)) {
    problem = "section header table points past the end of the image";
    return false;
  }
  auto field = [&](std::uint64_t index, std::size_t at, int bytes) { return le(d, static_cast<std::size_t>(shoff + index * 64 + at), bytes); };
  for (std::uint64_t i = 0; i < shnum; ++i) {
    std::uint64_t type = field(i, 4, 4), offset = field(i, 24, 8), bytes = field(i, 32, 8);
    if (elf::no_file_bytes(type)) continue;
    if (offset > size || bytes > size - offset) {
      problem = "section " + std::to_string(i) + " points past the end of the image";
      return false;
    }
  }
  if (shstrndx >= shnum) { problem = "section name table index is out of range"; return false; }
  out.kernels.clear();
  for (std::uint64_t i = 0; i < shnum; ++i) {
    if (field(i, 4, 4) != 2) continue;  // SHT_SYMTAB
    std::uint64_t offset = field(i, 24, 8), bytes = field(i, 32, 8), link = field(i, 40, 4), entsize = field(i, 56, 8);
    if (link >= shnum || (entsize && entsize != 24)) { problem = "symbol table is malformed"; return false; }
    // The string table as Python slices it: clamped to the image (a NOBITS one may point anywhere).
    std::uint64_t str_begin = std::min(field(link, 24, 8), size);
    std::uint64_t str_end = str_begin + std::min(field(link, 32, 8), size - str_begin);
    for (std::uint64_t s = 0; s < bytes / 24; ++s) {
      std::size_t at = static_cast<std::size_t>(offset + s * 24);  // within the checked section
      if (!(le(d, at + 5, 1) & 0x10)) continue;  // STO_CUDA_ENTRY
      std::uint64_t name = le(d, at, 4);
      std::string text;
      if (str_begin + name < str_end) {
        const char* first = d.data() + str_begin + name;
        const void* nul = std::memchr(first, 0, static_cast<std::size_t>(str_end - str_begin - name));
        text.assign(first, nul ? static_cast<const char*>(nul) : d.data() + str_end);
      }
      out.kernels.push_back(std::move(text));
    }
  }
  std::uint64_t flags = le(d, 48, 4);
  out.sm = static_cast<unsigned>(static_cast<unsigned char>(d[8]) >= 8 ? (flags >> 8) & 0xFF : flags & 0xFF);
  return true;
}

}  // namespace kfoot::detail
