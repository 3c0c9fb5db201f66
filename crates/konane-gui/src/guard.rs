//! Who may use the server: every request must carry the run's random token (the first
//! part of every path), name an allowed host in its `Host` header (so that a DNS
//! rebinding page cannot reach it under another name), and, when it has an `Origin`
//! (every WebSocket from a browser has one), come from the server's own origin (so that
//! another web site cannot drive it).

use std::net::SocketAddr;

use rand::RngCore;

/// 128 random bits from the operating system, in hexadecimal (the run's token, a
/// tab's session).
pub fn random_token() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The token and the allowed hosts of one run.
#[derive(Clone, Debug)]
pub struct Guard {
    token: String,
    /// Allowed `Host` values (`127.0.0.1:8357`, `localhost:8357`, …).
    hosts: Vec<String>,
    /// Also allow any IP address literal with the right port (listening on every
    /// interface): a rebinding attack needs a host name, never a bare address.
    any_ip: bool,
    port: u16,
}

/// Why a request was refused.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub enum Refusal {
    Token,
    Host,
    Origin,
}

impl Refusal {
    /// What the refused client is told.
    pub fn message(self) -> &'static str {
        match self {
            Refusal::Token => {
                "missing or wrong token: open the address that `konane gui` printed, token included"
            }
            Refusal::Host => "refused: the Host header names no address this server listens on",
            Refusal::Origin => "refused: the request comes from another web site (Origin)",
        }
    }
}

impl Guard {
    /// A guard for a server listening on `address`, with a fresh random token.
    pub fn new(address: SocketAddr) -> Guard {
        Guard::with_token(address, random_token())
    }

    /// A guard with a given token (for tests).
    pub fn with_token(address: SocketAddr, token: String) -> Guard {
        let port = address.port();
        let mut hosts: Vec<String> = ["127.0.0.1", "localhost", "[::1]"]
            .iter()
            .map(|host| format!("{host}:{port}"))
            .collect();
        let ip = address.ip();
        if !ip.is_loopback() && !ip.is_unspecified() {
            hosts.push(address.to_string());
        }
        Guard {
            token,
            hosts,
            any_ip: ip.is_unspecified(),
            port,
        }
    }

    pub fn token(&self) -> &str {
        &self.token
    }

    /// Whether `token` is the run's token (compared in constant time).
    pub fn token_ok(&self, token: &str) -> bool {
        token.len() == self.token.len()
            && token
                .bytes()
                .zip(self.token.bytes())
                .fold(0, |diff, (a, b)| diff | (a ^ b))
                == 0
    }

    /// Whether `host` (a `Host` header: name or address, and port) is allowed.
    pub fn host_ok(&self, host: &str) -> bool {
        let host = host.to_ascii_lowercase();
        if self.hosts.contains(&host) {
            return true;
        }
        self.any_ip
            && host
                .parse::<SocketAddr>()
                .is_ok_and(|address| address.port() == self.port)
    }

    /// Checks a request's token, `Host` and `Origin` headers.
    pub fn check(
        &self,
        token: &str,
        host: Option<&str>,
        origin: Option<&str>,
    ) -> Result<(), Refusal> {
        let host = host
            .filter(|host| self.host_ok(host))
            .ok_or(Refusal::Host)?;
        if let Some(origin) = origin {
            let own = format!("http://{}", host.to_ascii_lowercase());
            if origin.to_ascii_lowercase() != own {
                return Err(Refusal::Origin);
            }
        }
        if !self.token_ok(token) {
            return Err(Refusal::Token);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard(address: &str) -> Guard {
        Guard::with_token(address.parse().unwrap(), "abc123".into())
    }

    #[test]
    fn tokens_are_random_and_checked_whole() {
        let a = Guard::new("127.0.0.1:1".parse().unwrap());
        let b = Guard::new("127.0.0.1:1".parse().unwrap());
        assert_eq!(a.token().len(), 32);
        assert_ne!(a.token(), b.token());
        let g = guard("127.0.0.1:8357");
        assert!(g.token_ok("abc123"));
        for bad in ["", "abc12", "abc1234", "ABC123", "abc124"] {
            assert!(!g.token_ok(bad), "{bad}");
        }
    }

    #[test]
    fn hosts_and_origins_must_be_the_server_s_own() {
        let g = guard("127.0.0.1:8357");
        let ok = |host, origin| g.check("abc123", Some(host), origin);
        assert_eq!(ok("127.0.0.1:8357", None), Ok(()));
        assert_eq!(ok("LOCALHOST:8357", Some("http://localhost:8357")), Ok(()));
        assert_eq!(ok("[::1]:8357", None), Ok(()));
        assert_eq!(ok("evil.example:8357", None), Err(Refusal::Host));
        assert_eq!(ok("127.0.0.1:9999", None), Err(Refusal::Host));
        assert_eq!(ok("10.0.0.5:8357", None), Err(Refusal::Host));
        assert_eq!(
            ok("127.0.0.1:8357", Some("http://evil.example")),
            Err(Refusal::Origin)
        );
        assert_eq!(
            ok("127.0.0.1:8357", Some("http://localhost:8357")),
            Err(Refusal::Origin),
            "the origin must match the host the page was loaded from"
        );
        assert_eq!(g.check("abc123", None, None), Err(Refusal::Host));
        assert_eq!(
            g.check("nope", Some("127.0.0.1:8357"), None),
            Err(Refusal::Token)
        );
        let everywhere = guard("0.0.0.0:8357");
        assert!(everywhere.host_ok("192.0.2.7:8357"));
        assert!(!everywhere.host_ok("192.0.2.7:80"));
        assert!(!everywhere.host_ok("rebind.example:8357"));
        let one = guard("192.0.2.7:8357");
        assert!(one.host_ok("192.0.2.7:8357"));
        assert!(!one.host_ok("192.0.2.8:8357"));
    }
}
