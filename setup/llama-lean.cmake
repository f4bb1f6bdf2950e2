# Included right after llama.cpp's project() call (CMAKE_PROJECT_llama.cpp_INCLUDE), inside the
# llama-cpp-python build. llama-cpp-python forces LLAMA_BUILD_COMMON=ON, but the Python package
# never loads libllama-common (it binds llama.h only) and does not install it; that library and the
# HTTP client it pulls in are most of the compile time. A normal variable here shadows the forced
# cache entry for llama.cpp's directory, so common/ and cpp-httplib/ are simply not built.
set(LLAMA_BUILD_COMMON OFF)
