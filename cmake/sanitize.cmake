# cmake/sanitize.cmake: instrumented builds, ASan+UBSan (FREQSYS_SANITIZE) or libFuzzer (FREQSYS_FUZZ, clang only).
# Loaded after project() through -DCMAKE_PROJECT_INCLUDE=<this file> (see the Makefile's
# test-sanitize and fuzz targets), so the flags apply to every target of the project.
include_guard(GLOBAL)
option(FREQSYS_SANITIZE "Build everything with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(FREQSYS_FUZZ "Build everything for libFuzzer (needs clang) and add the fuzz-* targets" OFF)

# Undefined behaviour stops the program, so a test cannot pass over it. GCC leaves
# float-cast-overflow (a double beyond the integer type it is converted to) out of
# "undefined"; clang includes it; it is asked for explicitly for both.
set(FREQSYS_SANITIZER_FLAGS -fsanitize=float-cast-overflow -fno-omit-frame-pointer
  -fno-sanitize-recover=undefined,float-cast-overflow)

if(FREQSYS_SANITIZE)
  add_compile_options(-fsanitize=address,undefined ${FREQSYS_SANITIZER_FLAGS})
  add_link_options(-fsanitize=address,undefined)
endif()

if(FREQSYS_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "FREQSYS_FUZZ needs clang: configure with -DCMAKE_C_COMPILER=clang-19")
  endif()
  # Coverage instrumentation everywhere; only the fuzz-* executables link libFuzzer's main.
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined ${FREQSYS_SANITIZER_FLAGS})
  add_link_options(-fsanitize=address,undefined)
endif()
