#include "support/Plural.h"
#include "report/ReportText.h"
#include "support/Progress.h"

#include <catch2/catch.hpp>

using namespace hipwright;

TEST_CASE("counts are singular for exactly one", "[plural]") {
  CHECK(countOf(0, "file") == "0 files");
  CHECK(countOf(1, "file") == "1 file");
  CHECK(countOf(2, "match", "matches") == "2 matches");
  CHECK(groupedCountOf(1, "kernel") == "1 kernel");
  CHECK(groupedCountOf(1234, "line") == "1,234 lines");
  CHECK(formatProgress("port", 0, 1, 0) == "port: 0/1 file, 0:00 elapsed");
}
