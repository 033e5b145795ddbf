# The CPU SIMT runtime's own unit tests: every tests/sim/*Test.cpp joins one
# Catch2 binary; each TEST_CASE becomes a ctest entry named sim.<case>.
file(GLOB HIPWRIGHT_SIM_TESTS CONFIGURE_DEPENDS
     "${CMAKE_CURRENT_SOURCE_DIR}/sim/*Test.cpp")
add_executable(hipwright_sim_tests sim/main.cpp ${HIPWRIGHT_SIM_TESTS})
target_link_libraries(hipwright_sim_tests PRIVATE hipwright_simrt
  Catch2::Catch2)
catch_discover_tests(hipwright_sim_tests TEST_PREFIX "sim.")
