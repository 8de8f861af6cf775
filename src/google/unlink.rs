//! "unlink google" / "נתק את גוגל": revoke the refresh token at Google, then delete it here.
//! Handled before understanding (turn/mod.rs) with no transaction open across the revoke. Safe
//! to repeat after a crash: revoking a revoked token only fails at Google, and the delete is a
//! delete. A revoke Google refuses or cannot take still deletes the token here (the user asked).

use sea_orm::{DatabaseConnection, DbErr};

use super::{Google, store};
use crate::reply::{Msg, Said};
use crate::store::users::User;

/// True for the unlink request in either language (a whole short message, not a mention).
pub fn asked(text: &str) -> bool {
    let t: String = text.trim().trim_end_matches(['.', '!']).to_lowercase();
    let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
    matches!(
        t.as_str(),
        "unlink google"
            | "disconnect google"
            | "unlink my google"
            | "disconnect my google"
            | "/unlink_google"
            | "נתק את גוגל"
            | "נתק גוגל"
            | "תנתק את גוגל"
            | "תנתק גוגל"
            | "נתק את החשבון של גוגל"
    )
}

pub async fn run(db: &DatabaseConnection, google: &Google, user: &User) -> Result<Said, DbErr> {
    let Some(account) = store::account(db, user.id).await? else {
        return Ok(Said::msg(Msg::new("google-not-linked")));
    };
    if let Ok(refresh) = google.sealer.open(&account.refresh_token) {
        revoke(google, &refresh).await;
    }
    google.tokens.forget(user.id);
    store::delete_account(db, user.id).await?;
    Ok(Said::msg(Msg::new("google-unlinked")))
}

#[tracing::instrument(skip_all)]
async fn revoke(google: &Google, token: &str) {
    let res = google.http.post(google.settings.revoke_url.clone()).form(&[("token", token)]).send().await;
    match res {
        Ok(r) if r.status().is_success() => tracing::info!("Google token revoked"),
        Ok(r) => tracing::warn!(status = r.status().as_u16(), "Google did not revoke the token"),
        Err(e) => tracing::warn!(error = %e.without_url(), "Google revoke unreachable"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn unlink_is_heard_in_both_languages_but_not_inside_other_sentences() {
        assert!(super::asked("Unlink Google"));
        assert!(super::asked("נתק את גוגל"));
        assert!(!super::asked("remind me to unlink google tomorrow"));
    }
}
