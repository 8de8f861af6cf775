//! The `ozer` binary: parses the command line and calls the library.

use std::io::{BufReader, stdin, stdout};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use ozer::app::{App, AppState};
use ozer::clock::Clock;
use ozer::config::Settings;

#[derive(Parser)]
#[command(name = "ozer", version, about = "Ozer (עוזר): a Hebrew/English personal assistant")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the web chat, webhooks and scheduler (the default)
    Serve,
    /// Chat with Ozer in this terminal as a local user
    Chat,
    /// Apply database migrations and exit
    Migrate,
    /// Understand JSON Lines from stdin (no LLM, no network, no writes); see eval/README.md
    Understand {
        /// Instead of printing, time N passes over the input and print messages per second
        #[arg(long, value_name = "N")]
        bench: Option<usize>,
    },
    /// Parse time expressions from JSON Lines on stdin
    Time,
    /// Score the understanding on a labelled corpus (see eval/README.md)
    Eval {
        #[command(subcommand)]
        what: EvalCommand,
    },
    /// Measure note recall on a labelled JSON Lines file (notes, then queries); see README
    MemoryEval {
        /// JSON Lines: {"id","note"} lines, then {"query","expect"} lines
        file: std::path::PathBuf,
    },
    /// Print LLM usage per day: calls, tokens, cost, latency, and the share of turns with no LLM
    Usage,
    /// Show Telegram's webhook registration (getWebhookInfo); with --set, point it at
    /// {OZER_PUBLIC_URL}/webhooks/telegram
    TelegramWebhook {
        /// Register the webhook (setWebhook with the secret) instead of only showing it
        #[arg(long)]
        set: bool,
    },
}

#[derive(Subcommand)]
enum EvalCommand {
    /// Run `ozer understand` on a labelled corpus and print route/slot/when/lang accuracy
    Understand {
        file: String,
        /// Print each missed case
        #[arg(long)]
        verbose: bool,
        /// Fail when route accuracy (percent) is below this
        #[arg(long, value_name = "PCT")]
        min_route: Option<f64>,
    },
    /// Run `ozer time` on a Duckling-style time corpus and print how many lines pass
    Time {
        file: String,
        /// Print each missed line
        #[arg(long)]
        verbose: bool,
        /// Fail when accuracy (percent) is below this
        #[arg(long, value_name = "PCT")]
        min: Option<f64>,
    },
}

fn eval(what: EvalCommand) -> anyhow::Result<()> {
    let report = match what {
        EvalCommand::Understand { file, verbose, min_route } => ozer::eval::run_understand(&file, verbose, min_route)?,
        EvalCommand::Time { file, verbose, min } => ozer::eval::run_time(&file, verbose, min)?,
    };
    print!("{report}");
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Command::Serve) {
        Command::Understand { bench } => understand(bench),
        Command::Eval { what } => eval(what),
        Command::Time => ozer::understand::cli::run_time(BufReader::new(stdin()), stdout().lock()).map_err(Into::into),
        command => with_runtime(command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ozer: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn understand(bench: Option<usize>) -> anyhow::Result<()> {
    let input = BufReader::new(stdin());
    match bench {
        Some(n) => {
            let report = ozer::understand::cli::bench_understand(input, n)?;
            println!("{report}");
            Ok(())
        }
        None => Ok(ozer::understand::cli::run_understand(input, stdout().lock())?),
    }
}

/// Logs go to standard error, as text or (with `OZER_LOG_FORMAT=json`) one JSON object a line.
/// `RUST_LOG` filters them. Message bodies, tokens and secrets are never logged at info.
fn init_logging() -> anyhow::Result<()> {
    let filter = || {
        tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn,sea_orm=warn".into())
    };
    let builder = tracing_subscriber::fmt().with_env_filter(filter()).with_writer(std::io::stderr);
    match std::env::var("OZER_LOG_FORMAT").unwrap_or_default().trim() {
        "" | "text" => builder.init(),
        "json" => builder.json().with_current_span(true).with_span_list(false).init(),
        other => anyhow::bail!("OZER_LOG_FORMAT: expected text or json, got '{other}'"),
    }
    Ok(())
}

fn with_runtime(command: Command) -> anyhow::Result<()> {
    init_logging()?;
    let settings = Settings::from_env()?;
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async move {
        match command {
            Command::MemoryEval { file } => {
                let input = BufReader::new(std::fs::File::open(&file)?);
                ozer::memory::eval::run(input, stdout().lock(), settings.embeddings.as_ref()).await
            }
            Command::Migrate => {
                AppState::new(settings, Clock::system()).await?;
                println!("migrations applied");
                Ok(())
            }
            Command::Chat => ozer::channels::console::run(AppState::new(settings, Clock::system()).await?).await,
            Command::Usage => {
                let state = AppState::new(settings, Clock::system()).await?;
                print!("{}", ozer::llm::usage::report(&state.read).await?);
                Ok(())
            }
            Command::TelegramWebhook { set } => {
                telegram_webhook(AppState::new(settings, Clock::system()).await?, set).await
            }
            _ => serve(settings).await,
        }
    })
}

async fn serve(settings: Settings) -> anyhow::Result<()> {
    let app = App::build(settings).await?;
    let url = app.url();
    tracing::info!(%url, "Ozer is listening");
    println!("Ozer is running: open {url}");
    app.run_until_stopped().await
}

async fn telegram_webhook(state: AppState, set: bool) -> anyhow::Result<()> {
    use ozer::channels::telegram;
    let Some(client) = state.telegram.clone() else {
        anyhow::bail!("TELEGRAM_BOT_TOKEN is not set");
    };
    if set {
        let url = telegram::register_webhook(&state).await?;
        println!("webhook set to {url}");
    }
    let info = client.get_webhook_info().await?;
    println!("url: {}", info.url.as_deref().unwrap_or("(none)"));
    println!("pending updates: {}", info.pending_update_count);
    if let Some(message) = info.last_error_message {
        let at = info.last_error_date.map(|d| d.to_rfc3339()).unwrap_or_default();
        println!("last error: {message} {at}");
    }
    Ok(())
}
