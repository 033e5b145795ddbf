// Catch2's main for the CPU SIMT runtime tests.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
