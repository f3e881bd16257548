// Text from input shown inert: every control character made visible instead of obeyed. One
// function for every place such text lands: the terminal (tools/mcsim/terminal_text.hpp: reports,
// listings, progress lines, errors) and the pages and pictures mcsim writes (index.html, SVG text),
// where a raw ESC would act when the file is shown with cat, and makes an SVG malformed XML.
#pragma once

#include <string>
#include <string_view>

namespace mcsim {

enum class Lines { one, several };

// `text` with every control character shown escaped: C0 controls (\x1b, \r, \b, ...), DEL and the
// C1 controls U+0080..U+009F (\u009b); bytes that are not UTF-8 as \xNN. Everything else, UTF-8
// letters and symbols included, is kept. With Lines::several, newlines and tabs are kept (a report
// of many lines); with Lines::one they are escaped too (an error or a progress line).
std::string shown(std::string_view text, Lines lines = Lines::several);

}  // namespace mcsim
