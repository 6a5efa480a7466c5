// userlib/q16.cuh - the spec-declared dtype q16 (a 16-bit fixed-point number).
#pragma once

namespace userlib {
struct q16 {
  short raw;
};
}  // namespace userlib
