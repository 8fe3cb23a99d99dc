// Catch2's main, for builds without Debian's Catch2WithMain library.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
