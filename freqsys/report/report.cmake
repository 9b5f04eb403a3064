# freqsys/report/report.cmake: the fsreport library, the result model and its writers and reader.
add_library(fsreport STATIC
  ${CMAKE_CURRENT_LIST_DIR}/result.c
  ${CMAKE_CURRENT_LIST_DIR}/result_json.c
  ${CMAKE_CURRENT_LIST_DIR}/result_text.c
  ${CMAKE_CURRENT_LIST_DIR}/result_csv.c)
target_include_directories(fsreport PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(fsreport PUBLIC PkgConfig::JANSSON m)
