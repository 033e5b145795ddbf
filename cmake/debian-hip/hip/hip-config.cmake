# Stands in for Debian 12's hip-config.cmake under hipwright's toolchain file
# (../hipwright-debian-hip.cmake): Debian's stops with an error because
# hipcc and hipconfig are not packaged. This one loads Debian's exported
# targets (hip::amdhip64, hip::host, hip::device) and gives hip::host the
# platform macros C++ sources need to include the HIP headers.
include("/usr/lib/x86_64-linux-gnu/cmake/hip/hip-targets.cmake")
set_property(TARGET hip::host APPEND PROPERTY INTERFACE_COMPILE_DEFINITIONS
             __HIP_PLATFORM_AMD__=1 __HIP_PLATFORM_HCC__=1)
set(hip_INCLUDE_DIR /usr/include)
set(hip_INCLUDE_DIRS /usr/include)
set(hip_FOUND TRUE)
