//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// SPDX-FileCopyrightText: Copyright (c) 2023 NVIDIA CORPORATION & AFFILIATES.
//
//===----------------------------------------------------------------------===//

#ifndef _CUDA_STD___TYPE_TRAITS_IS_COPY_CONSTRUCTIBLE_H
#define _CUDA_STD___TYPE_TRAITS_IS_COPY_CONSTRUCTIBLE_H

#include <cuda/std/detail/__config>

#if defined(_CCCL_IMPLICIT_SYSTEM_HEADER_GCC)
#  pragma GCC system_header
#elif defined(_CCCL_IMPLICIT_SYSTEM_HEADER_CLANG)
#  pragma clang system_header
#elif defined(_CCCL_IMPLICIT_SYSTEM_HEADER_MSVC)
#  pragma system_header
#endif // no system header

#include <cuda/std/__type_traits/add_const.h>
#include <cuda/std/__type_traits/add_lvalue_reference.h>
#include <cuda/std/__type_traits/is_constructible.h>

#include <cuda/std/__cccl/prologue.h>

_CCCL_BEGIN_NAMESPACE_CUDA_STD

#if defined(_CCCL_BUILTIN_IS_CONSTRUCTIBLE) && !defined(_LIBCUDACXX_USE_IS_CONSTRUCTIBLE_FALLBACK)

template <class _Tp>
struct _CCCL_TYPE_VISIBILITY_DEFAULT is_copy_constructible
    : public bool_constant<_CCCL_BUILTIN_IS_CONSTRUCTIBLE(_Tp, add_lvalue_reference_t<add_const_t<_Tp>>)>
{};

template <class _Tp>
inline constexpr bool is_copy_constructible_v =
  _CCCL_BUILTIN_IS_CONSTRUCTIBLE(_Tp, add_lvalue_reference_t<add_const_t<_Tp>>);

#else // ^^^ Use builtin ^^^ / vvv No builtin

template <class _Tp>
struct _CCCL_TYPE_VISIBILITY_DEFAULT
is_copy_constructible : public is_constructible<_Tp, add_lvalue_reference_t<add_const_t<_Tp>>>
{};

template <class _Tp>
inline constexpr bool is_copy_constructible_v = is_constructible<_Tp, add_lvalue_reference_t<add_const_t<_Tp>>>::value;

#endif // No builtin

_CCCL_END_NAMESPACE_CUDA_STD

#include <cuda/std/__cccl/epilogue.h>

#endif // _CUDA_STD___TYPE_TRAITS_IS_COPY_CONSTRUCTIBLE_H
