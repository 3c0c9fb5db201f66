//! Konane search: deciding what to play. An API only; it never prints.
