#include "cuda_api_names.h"

#include <algorithm>
#include <span>
#include <string_view>

namespace tracelane::nvprof {
namespace {

struct ApiName
{
    std::int64_t cbid;
    std::string_view name;
};

// CUpti_runtime_api_trace_cbid; names without the _vNNNN version suffix, as users write them.
constexpr ApiName kRuntime[] = {
    {1, "cudaDriverGetVersion"}, {2, "cudaRuntimeGetVersion"}, {3, "cudaGetDeviceCount"},
    {4, "cudaGetDeviceProperties"}, {5, "cudaChooseDevice"}, {8, "cudaConfigureCall"},
    {9, "cudaSetupArgument"}, {10, "cudaGetLastError"}, {11, "cudaPeekAtLastError"},
    {12, "cudaGetErrorString"}, {13, "cudaLaunch"}, {14, "cudaFuncSetCacheConfig"},
    {15, "cudaFuncGetAttributes"}, {16, "cudaSetDevice"}, {17, "cudaGetDevice"},
    {18, "cudaSetValidDevices"}, {19, "cudaSetDeviceFlags"}, {20, "cudaMalloc"},
    {21, "cudaMallocPitch"}, {22, "cudaFree"}, {23, "cudaMallocArray"}, {24, "cudaFreeArray"},
    {25, "cudaMallocHost"}, {26, "cudaFreeHost"}, {27, "cudaHostAlloc"},
    {28, "cudaHostGetDevicePointer"}, {29, "cudaHostGetFlags"}, {30, "cudaMemGetInfo"},
    {31, "cudaMemcpy"}, {32, "cudaMemcpy2D"}, {33, "cudaMemcpyToArray"}, {34, "cudaMemcpy2DToArray"},
    {35, "cudaMemcpyFromArray"}, {36, "cudaMemcpy2DFromArray"}, {37, "cudaMemcpyArrayToArray"},
    {38, "cudaMemcpy2DArrayToArray"}, {39, "cudaMemcpyToSymbol"}, {40, "cudaMemcpyFromSymbol"},
    {41, "cudaMemcpyAsync"}, {42, "cudaMemcpyToArrayAsync"}, {43, "cudaMemcpyFromArrayAsync"},
    {44, "cudaMemcpy2DAsync"}, {45, "cudaMemcpy2DToArrayAsync"}, {46, "cudaMemcpy2DFromArrayAsync"},
    {47, "cudaMemcpyToSymbolAsync"}, {48, "cudaMemcpyFromSymbolAsync"}, {49, "cudaMemset"},
    {50, "cudaMemset2D"}, {51, "cudaMemsetAsync"}, {52, "cudaMemset2DAsync"},
    {53, "cudaGetSymbolAddress"}, {54, "cudaGetSymbolSize"}, {123, "cudaThreadExit"},
    {126, "cudaThreadSynchronize"}, {127, "cudaThreadGetLimit"}, {128, "cudaThreadSetLimit"},
    {129, "cudaStreamCreate"}, {130, "cudaStreamDestroy"}, {131, "cudaStreamSynchronize"},
    {132, "cudaStreamQuery"}, {133, "cudaEventCreate"}, {134, "cudaEventCreateWithFlags"},
    {135, "cudaEventRecord"}, {136, "cudaEventDestroy"}, {137, "cudaEventSynchronize"},
    {138, "cudaEventQuery"}, {139, "cudaEventElapsedTime"}, {140, "cudaMalloc3D"},
    {141, "cudaMalloc3DArray"}, {142, "cudaMemset3D"}, {143, "cudaMemset3DAsync"},
    {144, "cudaMemcpy3D"}, {145, "cudaMemcpy3DAsync"}, {146, "cudaThreadSetCacheConfig"},
    {147, "cudaStreamWaitEvent"}, {150, "cudaThreadGetCacheConfig"}, {151, "cudaPointerGetAttributes"},
    {152, "cudaHostRegister"}, {153, "cudaHostUnregister"}, {154, "cudaDeviceCanAccessPeer"},
    {155, "cudaDeviceEnablePeerAccess"}, {156, "cudaDeviceDisablePeerAccess"}, {160, "cudaMemcpyPeer"},
    {161, "cudaMemcpyPeerAsync"}, {162, "cudaMemcpy3DPeer"}, {163, "cudaMemcpy3DPeerAsync"},
    {164, "cudaDeviceReset"}, {165, "cudaDeviceSynchronize"}, {166, "cudaDeviceGetLimit"},
    {167, "cudaDeviceSetLimit"}, {168, "cudaDeviceGetCacheConfig"}, {169, "cudaDeviceSetCacheConfig"},
    {170, "cudaProfilerInitialize"}, {171, "cudaProfilerStart"}, {172, "cudaProfilerStop"},
    {173, "cudaDeviceGetByPCIBusId"}, {174, "cudaDeviceGetPCIBusId"}, {176, "cudaIpcGetEventHandle"},
    {177, "cudaIpcOpenEventHandle"}, {178, "cudaIpcGetMemHandle"}, {179, "cudaIpcOpenMemHandle"},
    {180, "cudaIpcCloseMemHandle"}, {181, "cudaArrayGetInfo"}, {182, "cudaFuncSetSharedMemConfig"},
    {183, "cudaDeviceGetSharedMemConfig"}, {184, "cudaDeviceSetSharedMemConfig"},
    {185, "cudaCreateTextureObject"}, {186, "cudaDestroyTextureObject"}, {189, "cudaCreateSurfaceObject"},
    {190, "cudaDestroySurfaceObject"}, {197, "cudaStreamAddCallback"}, {198, "cudaStreamCreateWithFlags"},
    {200, "cudaDeviceGetAttribute"}, {201, "cudaStreamDestroy"}, {202, "cudaStreamCreateWithPriority"},
    {203, "cudaStreamGetPriority"}, {204, "cudaStreamGetFlags"}, {205, "cudaDeviceGetStreamPriorityRange"},
    {206, "cudaMallocManaged"}, {207, "cudaOccupancyMaxActiveBlocksPerMultiprocessor"},
    {208, "cudaStreamAttachMemAsync"}, {209, "cudaGetErrorName"},
    {210, "cudaOccupancyMaxActiveBlocksPerMultiprocessor"}, {211, "cudaLaunchKernel"},
    {212, "cudaGetDeviceFlags"}, {213, "cudaLaunch_ptsz"}, {214, "cudaLaunchKernel_ptsz"},
    {215, "cudaMemcpy_ptds"}, {225, "cudaMemcpyAsync_ptsz"}, {233, "cudaMemset_ptds"},
    {235, "cudaMemsetAsync_ptsz"}, {239, "cudaStreamSynchronize_ptsz"}, {240, "cudaStreamQuery_ptsz"},
    {242, "cudaEventRecord_ptsz"}, {247, "cudaStreamWaitEvent_ptsz"},
    {251, "cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags"}, {252, "cudaMemPrefetchAsync"},
    {254, "cudaMemAdvise"}, {255, "cudaDeviceGetP2PAttribute"}, {269, "cudaLaunchCooperativeKernel"},
    {272, "cudaLaunchCooperativeKernelMultiDevice"}, {273, "cudaFuncSetAttribute"},
    {284, "cudaLaunchHostFunc"}, {286, "cudaGraphCreate"}, {310, "cudaGraphInstantiate"},
    {311, "cudaGraphLaunch"}, {313, "cudaGraphExecDestroy"}, {314, "cudaGraphDestroy"},
    {315, "cudaStreamBeginCapture"}, {317, "cudaStreamIsCapturing"}, {319, "cudaStreamEndCapture"},
};

// CUpti_driver_api_trace_cbid; the _v2 entry points keep their suffix, as the symbols have it.
constexpr ApiName kDriver[] = {
    {1, "cuInit"}, {2, "cuDriverGetVersion"}, {3, "cuDeviceGet"}, {4, "cuDeviceGetCount"},
    {5, "cuDeviceGetName"}, {6, "cuDeviceComputeCapability"}, {7, "cuDeviceTotalMem"},
    {8, "cuDeviceGetProperties"}, {9, "cuDeviceGetAttribute"}, {10, "cuCtxCreate"}, {11, "cuCtxDestroy"},
    {14, "cuCtxPushCurrent"}, {15, "cuCtxPopCurrent"}, {16, "cuCtxGetDevice"}, {17, "cuCtxSynchronize"},
    {18, "cuModuleLoad"}, {19, "cuModuleLoadData"}, {20, "cuModuleLoadDataEx"},
    {21, "cuModuleLoadFatBinary"}, {22, "cuModuleUnload"}, {23, "cuModuleGetFunction"},
    {24, "cuModuleGetGlobal"}, {27, "cuMemGetInfo"}, {29, "cuMemAlloc"}, {31, "cuMemAllocPitch"},
    {33, "cuMemFree"}, {37, "cuMemAllocHost"}, {38, "cuMemFreeHost"}, {39, "cuMemHostAlloc"},
    {43, "cuMemcpyHtoD"}, {45, "cuMemcpyDtoH"}, {47, "cuMemcpyDtoD"}, {60, "cuMemcpyHtoDAsync"},
    {62, "cuMemcpyDtoHAsync"}, {64, "cuMemcpyDtoDAsync"}, {71, "cuMemsetD8"}, {73, "cuMemsetD16"},
    {75, "cuMemsetD32"}, {85, "cuFuncGetAttribute"}, {86, "cuFuncSetCacheConfig"}, {115, "cuLaunch"},
    {116, "cuLaunchGrid"}, {117, "cuLaunchGridAsync"}, {118, "cuEventCreate"}, {119, "cuEventRecord"},
    {120, "cuEventQuery"}, {121, "cuEventSynchronize"}, {122, "cuEventDestroy"},
    {123, "cuEventElapsedTime"}, {124, "cuStreamCreate"}, {125, "cuStreamQuery"},
    {126, "cuStreamSynchronize"}, {127, "cuStreamDestroy"}, {135, "cuGetExportTable"},
    {136, "cuCtxSetLimit"}, {137, "cuCtxGetLimit"}, {216, "cuMemsetD8Async"}, {218, "cuMemsetD16Async"},
    {220, "cuMemsetD32Async"}, {235, "cuCtxCreate_v2"}, {241, "cuModuleGetGlobal_v2"},
    {242, "cuMemGetInfo_v2"}, {243, "cuMemAlloc_v2"}, {244, "cuMemAllocPitch_v2"}, {245, "cuMemFree_v2"},
    {246, "cuMemGetAddressRange_v2"}, {247, "cuMemHostGetDevicePointer_v2"}, {248, "cuMemcpy_v2"},
    {249, "cuMemsetD8_v2"}, {250, "cuMemsetD16_v2"}, {251, "cuMemsetD32_v2"},
    {259, "cuDeviceTotalMem_v2"}, {271, "cuMemHostAlloc_v2"}, {276, "cuMemcpyHtoD_v2"},
    {277, "cuMemcpyHtoDAsync_v2"}, {278, "cuMemcpyDtoH_v2"}, {279, "cuMemcpyDtoHAsync_v2"},
    {280, "cuMemcpyDtoD_v2"}, {281, "cuMemcpyDtoDAsync_v2"}, {289, "cuMemcpy2DAsync_v2"},
    {290, "cuMemcpy3D_v2"}, {291, "cuMemcpy3DAsync_v2"}, {294, "cuMemAllocHost_v2"},
    {295, "cuStreamWaitEvent"}, {296, "cuCtxGetApiVersion"}, {299, "cuCtxGetCacheConfig"},
    {300, "cuCtxSetCacheConfig"}, {301, "cuMemHostRegister"}, {302, "cuMemHostUnregister"},
    {303, "cuCtxSetCurrent"}, {304, "cuCtxGetCurrent"}, {305, "cuMemcpy"}, {306, "cuMemcpyAsync"},
    {307, "cuLaunchKernel"}, {308, "cuProfilerStart"}, {309, "cuProfilerStop"},
    {310, "cuPointerGetAttribute"}, {312, "cuDeviceCanAccessPeer"}, {313, "cuCtxEnablePeerAccess"},
    {314, "cuCtxDisablePeerAccess"}, {318, "cuMemcpyPeer"}, {319, "cuMemcpyPeerAsync"},
    {322, "cuCtxDestroy_v2"}, {323, "cuCtxPushCurrent_v2"}, {324, "cuCtxPopCurrent_v2"},
    {325, "cuEventDestroy_v2"}, {326, "cuStreamDestroy_v2"}, {331, "cuDeviceGetByPCIBusId"},
    {332, "cuDeviceGetPCIBusId"}, {346, "cuStreamAddCallback"}, {362, "cuLinkCreate"},
    {363, "cuLinkAddData"}, {364, "cuLinkAddFile"}, {365, "cuLinkComplete"}, {366, "cuLinkDestroy"},
    {367, "cuStreamCreateWithPriority"}, {371, "cuMemAllocManaged"}, {372, "cuGetErrorString"},
    {373, "cuGetErrorName"}, {374, "cuOccupancyMaxActiveBlocksPerMultiprocessor"},
    {379, "cuMemHostRegister_v2"}, {384, "cuOccupancyMaxPotentialBlockSize"},
    {386, "cuDevicePrimaryCtxRetain"}, {387, "cuDevicePrimaryCtxRelease"},
    {388, "cuDevicePrimaryCtxSetFlags"}, {389, "cuDevicePrimaryCtxReset"}, {391, "cuCtxGetFlags"},
    {392, "cuDevicePrimaryCtxGetState"}, {440, "cuStreamSynchronize_ptsz"}, {441, "cuEventRecord_ptsz"},
    {442, "cuLaunchKernel_ptsz"}, {450, "cuPointerGetAttributes"},
    {451, "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags"}, {457, "cuMemAdvise"},
    {467, "cuMemPrefetchAsync"}, {477, "cuLaunchCooperativeKernel"}, {481, "cuFuncSetAttribute"},
    {482, "cuDeviceGetUuid"}, {483, "cuStreamGetCtx"},
};

std::string lookup(std::span<const ApiName> table, std::int64_t cbid, std::string_view unknownPrefix)
{
    const auto it = std::lower_bound(table.begin(), table.end(), cbid,
                                     [](const ApiName &entry, std::int64_t id) { return entry.cbid < id; });
    if (it != table.end() && it->cbid == cbid)
        return std::string(it->name);
    return std::string(unknownPrefix) + "(cbid " + std::to_string(cbid) + ")";
}

constexpr bool sortedByCbid(std::span<const ApiName> table)
{
    for (std::size_t i = 1; i < table.size(); ++i)
        if (table[i - 1].cbid >= table[i].cbid)
            return false;
    return true;
}
static_assert(sortedByCbid(kRuntime), "lookup() binary-searches the runtime table");
static_assert(sortedByCbid(kDriver), "lookup() binary-searches the driver table");

} // namespace

std::string runtimeApiName(std::int64_t cbid)
{
    return lookup(kRuntime, cbid, "cudaRuntime");
}

std::string driverApiName(std::int64_t cbid)
{
    return lookup(kDriver, cbid, "cudaDriver");
}

} // namespace tracelane::nvprof
