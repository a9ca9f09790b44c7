#!/usr/bin/env python3
"""Give kernels of a ROCm trace the mangled names some ROCm tracers write.

HTA's MI250 trace (../shared/traces/hta/amd_mi250_rocm62.json.gz) carries its
kernel names demangled. Kernels that ROCm loads from code objects (aiter,
composable_kernel) appear in Kineto traces under their mangled symbol instead
(_ZN5aiter...). This writes the trace with two of its kernels, FillFunctor and
CUDAFunctor_add (four launches), named by their symbols; importing it must
give the names of the original back. Nothing else changes.

usage: mangle_kernel_names.py INPUT(.json.gz) OUTPUT(.json.gz)
"""
import gzip
import json
import sys

SYMBOLS = {
    "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, at::detail::Array<char*, 1> >"
    "(int, at::native::FillFunctor<float>, at::detail::Array<char*, 1>)":
        "_ZN2at6native29vectorized_elementwise_kernelILi4ENS0_11FillFunctorIfEENS_6detail5ArrayIPcLi1EEEEEviT0_T1_",
    "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, at::detail::Array<char*, 3> >"
    "(int, at::native::CUDAFunctor_add<float>, at::detail::Array<char*, 3>)":
        "_ZN2at6native29vectorized_elementwise_kernelILi4ENS0_15CUDAFunctor_addIfEENS_6detail5ArrayIPcLi3EEEEEviT0_T1_",
}


def main():
    src, dst = sys.argv[1], sys.argv[2]
    with gzip.open(src, "rt", encoding="utf-8") as f:
        doc = json.load(f)
    renamed = 0
    for e in doc["traceEvents"]:
        if e.get("cat") == "kernel" and e.get("name") in SYMBOLS:
            e["name"] = SYMBOLS[e["name"]]
            renamed += 1
    with open(dst, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:  # same bytes every run
        f.write(json.dumps(doc, separators=(",", ":")).encode("utf-8"))
    print(f"{dst}: {renamed} kernels renamed to their symbols")


if __name__ == "__main__":
    main()
