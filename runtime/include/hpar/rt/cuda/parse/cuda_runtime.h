// hpar, CUDA backend: stands in for CUDA's <cuda_runtime.h> while hpar-translate parses for
// --backend=cuda, so that a program including it translates without CUDA's include directory.
// The translator searches this directory after every directory of the compile command
// (rewriter/frontend/Frontend.cpp), so CUDA's own header wins where its directory is given. The
// output keeps the program's #include, which the compile of the output resolves to CUDA's header.
#pragma once

#include <hpar/rt/cuda/parse_api.hpp>
