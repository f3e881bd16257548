// The volume ratio alpha of divide and conquer (Lo et al. 1992, sec. 2), as a user writes it:
// a number ("0.5"), a fraction ("1/2", "1/4") or "1/sqrt(2)" (the special case of Lemma 5(d)).
#pragma once

#include <string>
#include <string_view>

namespace mcsim {

// Throws mcsim::Error(where, ...) unless the text is one of the forms above and in (0, 1].
double parse_alpha(std::string_view text, std::string_view where);

}  // namespace mcsim
