//! The page's files, compiled into the binary from `web/`: no Node toolchain, nothing
//! read from disk at run time.

/// Each file: its name in the address, its content type and its text.
const FILES: [(&str, &str, &str); 7] = [
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../web/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../web/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/board.js"),
    ),
    (
        "panels.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/panels.js"),
    ),
    (
        "notation.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/notation.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../web/favicon.svg"),
    ),
];

/// The content type and text of the page's file `name`.
pub fn find(name: &str) -> Option<(&'static str, &'static str)> {
    FILES
        .iter()
        .find(|(file, _, _)| *file == name)
        .map(|&(_, content_type, text)| (content_type, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_is_found_and_nothing_else() {
        for (name, _, text) in FILES {
            assert_eq!(find(name).unwrap().1, text);
            assert!(!text.is_empty(), "{name}");
        }
        for name in ["", "../Cargo.toml", "index.htm", "app.js/"] {
            assert_eq!(find(name), None, "{name}");
        }
    }
}
