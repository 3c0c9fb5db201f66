//! Quoting user text in error messages: long input is shortened so that a huge line
//! gives a short message.

/// Shortens user text quoted in an error message, so that a huge input gives a short
/// message (front ends quote user input the same way).
pub fn clip(text: &str) -> String {
    const LIMIT: usize = 40;
    if text.chars().count() <= LIMIT {
        text.to_string()
    } else {
        let head: String = text.chars().take(LIMIT).collect();
        format!("{head}...")
    }
}
