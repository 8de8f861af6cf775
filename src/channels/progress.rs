//! "Ozer is working on it": a turn that takes more than about a second shows progress in the
//! chat. Telegram gets `sendChatAction typing`, renewed every ~4 s (it fades after 5); WhatsApp
//! gets a read receipt with its typing indicator (one call shows it until the reply or ~25 s, so it
//! is renewed every 20 s). The web page shows "…" itself while its request is open.
//!
//! Best effort only: a failed indicator is logged and never affects the turn.

use std::time::Duration;

use tokio::task::JoinHandle;

use super::Channel;
use crate::app::AppState;

/// How long a turn runs before progress is shown.
const FIRST_AFTER: Duration = Duration::from_millis(1000);

/// Stops the indicator when dropped (the reply is on its way, or the turn ended otherwise).
pub struct Progress(Option<JoinHandle<()>>);

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(task) = self.0.take() {
            task.abort();
        }
    }
}

/// Starts showing progress to the sender of a message after [`FIRST_AFTER`].
pub fn start(state: &AppState, channel: Channel, external_user: &str, message_id: &str) -> Progress {
    let task = match channel {
        Channel::Telegram => {
            let (Some(client), Ok(chat_id)) = (state.telegram.clone(), external_user.parse::<i64>()) else {
                return Progress(None);
            };
            tokio::spawn(repeat(Duration::from_secs(4), move || {
                let client = client.clone();
                async move {
                    if let Err(e) = client.typing(chat_id).await {
                        tracing::debug!(error = %e, "typing indicator failed");
                    }
                }
            }))
        }
        Channel::Whatsapp => {
            let Some(client) = state.whatsapp.clone() else {
                return Progress(None);
            };
            let wamid = message_id.to_string();
            tokio::spawn(repeat(Duration::from_secs(20), move || {
                let (client, wamid) = (client.clone(), wamid.clone());
                async move {
                    if let Err(e) = client.mark_read_typing(&wamid).await {
                        tracing::debug!(error = %e, "typing indicator failed");
                    }
                }
            }))
        }
        Channel::Web | Channel::Console => return Progress(None),
    };
    Progress(Some(task))
}

async fn repeat<F, Fut>(every: Duration, mut show: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    tokio::time::sleep(FIRST_AFTER).await;
    loop {
        show().await;
        tokio::time::sleep(every).await;
    }
}
