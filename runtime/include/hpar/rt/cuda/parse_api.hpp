// hpar, CUDA backend: the part of the CUDA runtime API a Kokkos program calls around its
// execution space instances, declared for hpar-translate's parse (included by
// hpar/rt/cuda/spaces.hpp only under __HPAR_TRANSLATING__).
//
// The translator parses a program as C++, without CUDA's headers (docs/design.md section 2), yet
// a program with CUDA streams names cudaStream_t, creates streams, copies on them and waits for
// them, as Kokkos' Kokkos_Core.hpp lets it. These are the same declarations as CUDA's own
// (driver_types.h, cuda_runtime_api.h, cuda_runtime.h): the same types (`typedef struct
// CUstream_st* cudaStream_t;`), enumerators, flags and parameters, so that the program's calls
// resolve in the parse as they do in the compile of the output, which includes the real headers
// and never this one. Nothing here is defined: the parse only type-checks.
//
// When CUDA's own header was read first (the program includes <cuda_runtime.h> with CUDA's
// include directory on the translator's command line), this adds nothing; otherwise it defines
// the include guards of CUDA's headers, so that an include of them after it adds nothing either.
#pragma once

#if !defined(__CUDA_RUNTIME_API_H__)
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__

#include <cstddef>

typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;

enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorNotReady = 600,
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};

#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaMemAttachGlobal 0x01

// Streams and events.
extern cudaError_t cudaStreamCreate(cudaStream_t* pStream);
extern cudaError_t cudaStreamCreateWithFlags(cudaStream_t* pStream, unsigned int flags);
extern cudaError_t cudaStreamCreateWithPriority(cudaStream_t* pStream, unsigned int flags,
                                                int priority);
extern cudaError_t cudaStreamDestroy(cudaStream_t stream);
extern cudaError_t cudaStreamSynchronize(cudaStream_t stream);
extern cudaError_t cudaStreamQuery(cudaStream_t stream);
extern cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                       unsigned int flags = 0);
extern cudaError_t cudaStreamGetDevice(cudaStream_t hStream, int* device);
extern cudaError_t cudaEventCreate(cudaEvent_t* event);
extern cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags);
extern cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
extern cudaError_t cudaEventSynchronize(cudaEvent_t event);
extern cudaError_t cudaEventQuery(cudaEvent_t event);
extern cudaError_t cudaEventDestroy(cudaEvent_t event);
extern cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);

// Memory.
extern cudaError_t cudaMalloc(void** devPtr, size_t size);
extern cudaError_t cudaMallocHost(void** ptr, size_t size);
extern cudaError_t cudaHostAlloc(void** pHost, size_t size, unsigned int flags);
extern cudaError_t cudaMallocManaged(void** devPtr, size_t size,
                                     unsigned int flags = cudaMemAttachGlobal);
extern cudaError_t cudaFree(void* devPtr);
extern cudaError_t cudaFreeHost(void* ptr);
extern cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, enum cudaMemcpyKind kind);
extern cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count,
                                   enum cudaMemcpyKind kind, cudaStream_t stream = 0);
extern cudaError_t cudaMemset(void* devPtr, int value, size_t count);
extern cudaError_t cudaMemsetAsync(void* devPtr, int value, size_t count, cudaStream_t stream = 0);
// cuda_runtime.h's C++ forms.
cudaError_t cudaMallocHost(void** ptr, size_t size, unsigned int flags);
template <class T>
cudaError_t cudaMalloc(T** devPtr, size_t size);
template <class T>
cudaError_t cudaMallocHost(T** ptr, size_t size, unsigned int flags = 0);
template <class T>
cudaError_t cudaHostAlloc(T** ptr, size_t size, unsigned int flags);
template <class T>
cudaError_t cudaMallocManaged(T** devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal);

// Devices and errors.
extern cudaError_t cudaDeviceSynchronize(void);
extern cudaError_t cudaGetDevice(int* device);
extern cudaError_t cudaSetDevice(int device);
extern cudaError_t cudaGetDeviceCount(int* count);
extern cudaError_t cudaGetLastError(void);
extern cudaError_t cudaPeekAtLastError(void);
extern const char* cudaGetErrorString(cudaError_t error);
extern const char* cudaGetErrorName(cudaError_t error);

#endif
