// kfoot's prelude, the first lines of every NVRTC program: must agree with kfoot/core/prelude.py
// (prelude(template_ids), without spec-declared headers, which registries do not carry;
// tests/vectors/prelude.json). Its sha256 is part of the cache key.
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <string>
#include <vector>

namespace kfoot::detail {

inline std::string prelude(const std::vector<std::string>& template_ids) {
  std::string text =
      "// kfoot prelude: defines every type kfoot spells in a template-id (see docs/spec.md).\n"
      "#include <cuda_fp16.h>\n"
      "#include <cuda_bf16.h>\n";
  for (const auto& t : template_ids)
    if (t.find("cuda::std::complex<") != std::string::npos) {
      text += "#include <cuda/std/complex>\n";
      break;
    }
  return text + "// end of the kfoot prelude\n";
}

}  // namespace kfoot::detail
