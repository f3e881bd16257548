// JSON pieces for data embedded in an HTML page's <script> element (the replay, replay_page.hpp):
// text that can never close the element or start a comment inside it.
#pragma once

#include <string>
#include <string_view>

namespace mcsim::json {

// A JSON string literal of `text`, quotes included: the JSON escapes, and also '<', '>', '&' and
// the line separators U+2028 and U+2029 as \uXXXX, so that no "</script>" or "<!--" can appear.
std::string string(std::string_view text);

// A JSON number of `value` (up to 9 significant digits). Throws mcsim::Error for NaN and infinities,
// which JSON cannot write.
std::string number(double value);

}  // namespace mcsim::json
