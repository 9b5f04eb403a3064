# freqsys/spec/spec.cmake: the spec-language parser (fsspec), included from freqsys/CMakeLists.txt.
add_library(fsspec STATIC
  ${CMAKE_CURRENT_LIST_DIR}/compile_db.c
  ${CMAKE_CURRENT_LIST_DIR}/diagnostic.c
  ${CMAKE_CURRENT_LIST_DIR}/expression.c
  ${CMAKE_CURRENT_LIST_DIR}/input_text.c
  ${CMAKE_CURRENT_LIST_DIR}/scanner.c
  ${CMAKE_CURRENT_LIST_DIR}/spec.c
  ${CMAKE_CURRENT_LIST_DIR}/spec_find.c
  ${CMAKE_CURRENT_LIST_DIR}/spec_units.c
  ${CMAKE_CURRENT_LIST_DIR}/stdin_form.c
  ${CMAKE_CURRENT_LIST_DIR}/suggest.c
  ${CMAKE_CURRENT_LIST_DIR}/target.c)
target_include_directories(fsspec PUBLIC ${CMAKE_CURRENT_LIST_DIR})
# Public: spec.h includes dist.h, and a spec owns its distributions.
target_link_libraries(fsspec PUBLIC fsdist PkgConfig::JANSSON)
