//! Finding a recipient by name among the user's recent correspondents: the From, To and Cc of
//! recent mail that mention the name, matched on display name or address.

use super::gmail_api::{GmailError, UserGmail};
use super::mime;

/// The distinct (name, address) pairs whose name or address contains `name`
/// (case-insensitive), most recent first.
pub async fn correspondents(g: &UserGmail<'_>, name: &str, scan: u32) -> Result<Vec<(String, String)>, GmailError> {
    let q = format!("{{from:{n} to:{n} cc:{n}}}", n = quoted(name));
    let ids = g.search(&q, scan).await?;
    let mails = g.get_many(&ids).await?;
    let want = name.to_lowercase();
    let mut found: Vec<(String, String)> = Vec::new();
    for mail in &mails {
        for header in ["From", "To", "Cc"] {
            let Some(value) = mail.root.header(header) else { continue };
            for (n, a) in addresses(value) {
                let fits = n.to_lowercase().contains(&want) || a.split('@').next().is_some_and(|l| l.contains(&want));
                if fits && !found.iter().any(|(_, seen)| *seen == a) {
                    found.push((if n.is_empty() { a.clone() } else { n }, a));
                }
            }
        }
    }
    Ok(found)
}

fn quoted(name: &str) -> String {
    if name.contains(' ') { format!("\"{name}\"") } else { name.to_string() }
}

/// An address-list header as (display name, lowercased address) pairs; encoded-words decoded.
pub fn addresses(value: &str) -> Vec<(String, String)> {
    split_list(value)
        .into_iter()
        .filter_map(|one| {
            let one = one.trim();
            let (name, addr) = match (one.rfind('<'), one.rfind('>')) {
                (Some(l), Some(r)) if l < r => (one[..l].trim(), &one[l + 1..r]),
                _ => ("", one),
            };
            let addr = addr.trim().to_lowercase();
            addr.contains('@').then(|| (mime::decode_header(name.trim_matches('"')).trim().to_string(), addr))
        })
        .collect()
}

/// Splits at commas outside quotes and angle brackets.
fn split_list(value: &str) -> Vec<String> {
    let (mut out, mut cur, mut quoted, mut angle) = (Vec::new(), String::new(), false, false);
    for c in value.chars() {
        match c {
            '"' => quoted = !quoted,
            '<' => angle = true,
            '>' => angle = false,
            ',' if !quoted && !angle => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    out.push(cur);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn address_lists_split_outside_quotes_and_decode_names() {
        let list = "\"Cohen, Dana\" <Dana@Example.com>, =?UTF-8?B?16jXldeq150=?= <rotem@example.com>, bob@example.com";
        assert_eq!(
            addresses(list),
            vec![
                ("Cohen, Dana".to_string(), "dana@example.com".to_string()),
                ("רותם".to_string(), "rotem@example.com".to_string()),
                (String::new(), "bob@example.com".to_string()),
            ]
        );
    }
}
