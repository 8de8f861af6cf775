//! The console channel: `ozer chat`, a terminal session with Ozer as a local user, through the
//! same pipeline and database as every other channel. Reminders due while chatting are printed.

use std::io::Write;

use tokio::io::{AsyncBufReadExt, BufReader};

use super::{Channel, InboundMessage, Reply};
use crate::app::AppState;
use crate::store::outbound;
use crate::turn;

const LOCAL_USER: &str = "local";

pub async fn run(state: AppState) -> anyhow::Result<()> {
    println!("Ozer · עוזר — type a message (Hebrew or English), Ctrl-D to quit.");
    let mut after = outbound::last_id(&state.db, Channel::Console, LOCAL_USER).await?;
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut feed_tick = tokio::time::interval(std::time::Duration::from_secs(1));
    prompt();
    loop {
        tokio::select! {
            line = lines.next_line() => {
                let Some(line) = line? else { break };
                if !line.trim().is_empty() {
                    let mut msg = InboundMessage::new(Channel::Console, LOCAL_USER, &uuid::Uuid::new_v4().to_string(), &line);
                    msg.received_at = state.clock.now();
                    for reply in turn::accept_and_run(&state, msg).await? {
                        print_reply(&reply);
                    }
                }
                prompt();
            }
            _ = feed_tick.tick() => {
                for row in outbound::feed(&state.db, Channel::Console, LOCAL_USER, after).await? {
                    after = row.id;
                    println!();
                    print_reply(&outbound::reply_of(&row));
                    prompt();
                }
            }
        }
    }
    Ok(())
}

fn prompt() {
    print!("> ");
    let _ = std::io::stdout().flush();
}

fn print_reply(reply: &Reply) {
    println!("ozer: {}", reply.text);
    for (i, b) in reply.buttons.iter().enumerate() {
        println!("      {}) {}", i + 1, b.label);
    }
}
