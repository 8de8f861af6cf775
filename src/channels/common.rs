//! Small helpers shared by the messaging channels: splitting long replies at readable boundaries
//! and comparing secrets in constant time. No I/O, no platform types.

/// Length as the messaging platforms count it, conservatively.
///
/// Telegram measures text in UTF-16 code units and WhatsApp's docs say "characters"; counting
/// UTF-16 units is never smaller than counting chars, so one rule is safe for both (Hebrew is one
/// unit per letter, most emoji are two).
pub(crate) fn platform_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// Splits `text` into parts of at most `max_units` UTF-16 units each.
///
/// Prefers a paragraph break, then a line break, then a space, as long as the break leaves the
/// part at least half full (otherwise a stray early newline would produce a tiny first message);
/// falls back to a hard cut on a char boundary, so surrogate pairs and Hebrew letters are never
/// torn. Whitespace at a break is dropped. Always returns at least one part (possibly empty) so
/// callers have somewhere to attach buttons.
pub(crate) fn split_text(text: &str, max_units: usize) -> Vec<String> {
    let max_units = max_units.max(1);
    let mut parts = Vec::new();
    let mut rest = text.trim();
    while platform_len(rest) > max_units {
        // A single char wider than the limit (an emoji with max_units = 1) still has to move on.
        let window_end = match byte_index_at_units(rest, max_units) {
            0 => rest.chars().next().map_or(rest.len(), char::len_utf8),
            end => end,
        };
        let window = &rest[..window_end];
        let cut = best_break(window).unwrap_or(window_end);
        let part = rest[..cut].trim_end();
        if !part.is_empty() {
            parts.push(part.to_owned());
        }
        rest = rest[cut..].trim_start();
    }
    if !rest.is_empty() || parts.is_empty() {
        parts.push(rest.to_owned());
    }
    parts
}

/// The largest char boundary whose prefix holds at most `max_units` UTF-16 units.
fn byte_index_at_units(text: &str, max_units: usize) -> usize {
    let mut units = 0;
    for (idx, ch) in text.char_indices() {
        units += ch.len_utf16();
        if units > max_units {
            return idx;
        }
    }
    text.len()
}

fn best_break(window: &str) -> Option<usize> {
    let half = window.len() / 2;
    let candidates = [window.rfind("\n\n"), window.rfind('\n'), window.rfind(char::is_whitespace)];
    candidates
        .iter()
        .flatten()
        .copied()
        .find(|&idx| idx >= half && idx > 0)
        .or_else(|| candidates.iter().flatten().copied().find(|&idx| idx > 0))
}

/// Constant-time equality for secrets (webhook tokens). The length is not hidden; the content is.
pub(crate) fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

/// Truncates to at most `max_chars` chars, marking the cut with an ellipsis.
pub(crate) fn truncate_chars(text: &str, max_chars: usize) -> String {
    let text = text.trim();
    if text.chars().count() <= max_chars {
        return text.to_owned();
    }
    let kept: String = text.chars().take(max_chars.saturating_sub(1)).collect();
    format!("{}…", kept.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_one_part() {
        assert_eq!(split_text("שלום", 10), vec!["שלום".to_owned()]);
    }

    #[test]
    fn empty_text_is_one_empty_part() {
        assert_eq!(split_text("", 10), vec![String::new()]);
    }

    #[test]
    fn paragraph_break_is_preferred_over_line_break() {
        let text = format!("{}\n\n{}\n{}", "a".repeat(6), "b".repeat(2), "c".repeat(5));
        let parts = split_text(&text, 12);
        assert_eq!(parts[0], "a".repeat(6));
    }

    #[test]
    fn words_are_not_torn_when_a_space_exists() {
        let text = "alpha beta gamma delta epsilon zeta";
        for part in split_text(text, 12) {
            assert!(platform_len(&part) <= 12);
            assert!(text.split(' ').any(|w| part.starts_with(w)));
        }
    }

    #[test]
    fn text_without_breaks_is_cut_hard_on_char_boundaries() {
        let text = "ש".repeat(25);
        let parts = split_text(&text, 10);
        assert_eq!(parts.len(), 3);
        assert!(parts.iter().all(|p| p.chars().count() <= 10));
        assert_eq!(parts.concat(), text);
    }

    #[test]
    fn emoji_count_as_two_units_and_are_never_split() {
        let text = "😀".repeat(7);
        let parts = split_text(&text, 4);
        assert!(parts.iter().all(|p| platform_len(p) <= 4));
        assert_eq!(parts.concat(), text);
    }

    #[test]
    fn a_char_wider_than_the_limit_does_not_loop_forever() {
        assert_eq!(split_text("😀😀", 1), vec!["😀".to_owned(), "😀".to_owned()]);
    }

    #[test]
    fn constant_time_eq_matches_only_identical_bytes() {
        assert!(constant_time_eq(b"secret", b"secret"));
        assert!(!constant_time_eq(b"secret", b"secreT"));
        assert!(!constant_time_eq(b"secret", b"secret2"));
    }

    #[test]
    fn truncation_marks_the_cut() {
        assert_eq!(truncate_chars("abcdef", 4), "abc…");
        assert_eq!(truncate_chars("abcd", 4), "abcd");
    }
}
