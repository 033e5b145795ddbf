// SARIF's artifactLocation.uri is a URI: percent-encoded (RFC 3986), and
// relative to %SRCROOT% when the path is relative.
#include "output/FindingFormats.h"

#include <catch2/catch.hpp>

using namespace hipwright;
using namespace llvm;

TEST_CASE("SARIF URIs are percent-encoded", "[sarif]") {
  CHECK(sarifUriPath("src/k.cu") == "src/k.cu");
  CHECK(sarifUriPath("src/my kernel#2.cu") == "src/my%20kernel%232.cu");
  CHECK(sarifUriPath("a?b%c\nd") == "a%3Fb%25c%0Ad");
  // A ':' in the first segment would read as a scheme.
  CHECK(sarifUriPath("c:x.cu") == "c%3Ax.cu");
  CHECK(sarifUriPath("A-Z_a.z~0") == "A-Z_a.z~0");
  // UTF-8 bytes one by one.
  CHECK(sarifUriPath("\xc3\xa9.cu") == "%C3%A9.cu");
}

TEST_CASE("SARIF locations stay relative, or are file:// URIs", "[sarif]") {
  Finding F;
  F.RuleId = "unsupported-api";
  F.File = "/w/src/my kernel#2.cu";
  F.Line = 3;
  F.Column = 1;
  auto Uri = [](const json::Value &Log) {
    const json::Object *Loc = Log.getAsObject()
                                  ->getArray("runs")
                                  ->front()
                                  .getAsObject()
                                  ->getArray("results")
                                  ->front()
                                  .getAsObject()
                                  ->getArray("locations")
                                  ->front()
                                  .getAsObject()
                                  ->getObject("physicalLocation")
                                  ->getObject("artifactLocation");
    return std::make_pair(Loc->getString("uri").value_or("").str(),
                          Loc->getString("uriBaseId").value_or("").str());
  };
  json::Value Rel =
      findingsSarif({F}, {}, [](StringRef P) { return P.drop_front(3).str(); });
  CHECK(Uri(Rel) == std::make_pair(std::string("src/my%20kernel%232.cu"),
                                   std::string("%SRCROOT%")));
  json::Value Abs = findingsSarif({F}, {}, [](StringRef P) { return P.str(); });
  CHECK(Uri(Abs) ==
        std::make_pair(std::string("file:///w/src/my%20kernel%232.cu"),
                       std::string()));
}
