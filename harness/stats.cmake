# harness/stats.cmake: the statistics library fsstats (tally, bounds, stopping rule, check schedule).
add_library(fsstats STATIC
  ${CMAKE_CURRENT_LIST_DIR}/tally.c
  ${CMAKE_CURRENT_LIST_DIR}/berry_esseen.c
  ${CMAKE_CURRENT_LIST_DIR}/bounded_normal.c
  ${CMAKE_CURRENT_LIST_DIR}/clopper_pearson.c
  ${CMAKE_CURRENT_LIST_DIR}/confidence_sequence.c
  ${CMAKE_CURRENT_LIST_DIR}/betting_interval.c
  ${CMAKE_CURRENT_LIST_DIR}/stop_rule.c
  ${CMAKE_CURRENT_LIST_DIR}/quantile_interval.c
  ${CMAKE_CURRENT_LIST_DIR}/schedule.c)
target_include_directories(fsstats PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(fsstats PUBLIC PkgConfig::GSL m)
