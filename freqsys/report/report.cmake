# freqsys/report/report.cmake: the fsreport library: the result model, its writers and reader, and the exports for other tools.
add_library(fsreport STATIC
  ${CMAKE_CURRENT_LIST_DIR}/result.c
  ${CMAKE_CURRENT_LIST_DIR}/result_estimate.c
  ${CMAKE_CURRENT_LIST_DIR}/result_json.c
  ${CMAKE_CURRENT_LIST_DIR}/result_spec_path.c
  ${CMAKE_CURRENT_LIST_DIR}/result_text.c
  ${CMAKE_CURRENT_LIST_DIR}/result_csv.c
  ${CMAKE_CURRENT_LIST_DIR}/path_rank.c
  ${CMAKE_CURRENT_LIST_DIR}/function_blocks.c
  ${CMAKE_CURRENT_LIST_DIR}/result_paths_text.c
  ${CMAKE_CURRENT_LIST_DIR}/result_sensitivity_text.c
  ${CMAKE_CURRENT_LIST_DIR}/result_quantiles_text.c
  ${CMAKE_CURRENT_LIST_DIR}/result_rare_text.c
  ${CMAKE_CURRENT_LIST_DIR}/result_outcomes_text.c
  ${CMAKE_CURRENT_LIST_DIR}/result_contexts_text.c
  ${CMAKE_CURRENT_LIST_DIR}/report_sample_contexts.c
  ${CMAKE_CURRENT_LIST_DIR}/edge_flow.c
  ${CMAKE_CURRENT_LIST_DIR}/heat.c
  ${CMAKE_CURRENT_LIST_DIR}/number.c
  ${CMAKE_CURRENT_LIST_DIR}/source_file.c
  ${CMAKE_CURRENT_LIST_DIR}/report_dot.c
  ${CMAKE_CURRENT_LIST_DIR}/dot_child.c
  ${CMAKE_CURRENT_LIST_DIR}/report_gcov.c
  ${CMAKE_CURRENT_LIST_DIR}/report_lcov.c
  ${CMAKE_CURRENT_LIST_DIR}/report_llvm_json.c
  ${CMAKE_CURRENT_LIST_DIR}/report_sample.c
  ${CMAKE_CURRENT_LIST_DIR}/report_afdo.c
  ${CMAKE_CURRENT_LIST_DIR}/afdo_line_counts.c
  ${CMAKE_CURRENT_LIST_DIR}/afdo_classes.c
  ${CMAKE_CURRENT_LIST_DIR}/adjacency.c
  ${CMAKE_CURRENT_LIST_DIR}/gcov_file.c
  ${CMAKE_CURRENT_LIST_DIR}/gcda_spread.c
  ${CMAKE_CURRENT_LIST_DIR}/report_html.c
  ${CMAKE_CURRENT_LIST_DIR}/report_html_graphs.c
  ${CMAKE_CURRENT_LIST_DIR}/report_html_quantiles.c
  ${CMAKE_CURRENT_LIST_DIR}/html_escape.c
  ${CMAKE_CURRENT_LIST_DIR}/worst_case.c
  ${CMAKE_CURRENT_LIST_DIR}/worst_case_text.c)
target_include_directories(fsreport PUBLIC ${CMAKE_CURRENT_LIST_DIR})
# GLPK (libglpk-dev, no pkg-config file): the worst case's linear and integer programs
find_path(GLPK_INCLUDE_DIR glpk.h REQUIRED)
find_library(GLPK_LIBRARY glpk REQUIRED)
target_include_directories(fsreport PRIVATE ${GLPK_INCLUDE_DIR})
target_link_libraries(fsreport PUBLIC PkgConfig::JANSSON ${GLPK_LIBRARY} m)
