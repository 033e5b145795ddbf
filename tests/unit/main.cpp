// Catch2's main, in its own file so the test files compile faster.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
