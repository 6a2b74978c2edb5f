//! `toolcheck probe`: call a live server's tools with the cases made from
//! their schemas ([`toolcheck::cases`]), and judge how it answers
//! ([`toolcheck::probe`]): an invalid call it runs, a validation error it
//! hides from the model behind a JSON-RPC error, an error that does not name
//! the argument at fault, a valid call whose result breaks its
//! `outputSchema`, a call that crashes it.
//!
//! Safety first: it calls only tools whose annotations say
//! `readOnlyHint: true`, unless `--tools` names others or `--allow-writes`
//! opts every tool in (and it says so on standard error before it calls
//! anything); `--dry-run` prints the plan and calls nothing; `--max-calls`
//! and `--per-tool` bound the calls.

use std::io::Write;
use std::time::Duration;

use serde_json::{Map, Value, json};
use toolcheck::cases::given::{self, Given};
use toolcheck::cases::{self, ToolCases};
use toolcheck::probe::{Call, Probed};
use toolcheck::report::ReportFormat;
use toolcheck::report::sarif::Source;
use toolcheck::report::text::counted;
use toolcheck_config::{FailOn, ProbeConfig};

use crate::Problem;
use crate::args::{CasesExport, CheckFormat, ProbeArgs};
use crate::client_config::{self, Redactor};
use crate::host::Host;
use crate::input::read_file_or_stdin;
use crate::live::{Answer, Target};

/// At most this many calls in all, unless `--max-calls` says.
const MAX_CALLS: usize = 200;

/// At most this many calls to one tool, unless `--per-tool` says.
const PER_TOOL: usize = 40;

/// How long a call may take, unless `--timeout` says, in seconds.
const CALL_TIMEOUT: u64 = 10;

/// The seed of the cases, unless `--seed` says.
const SEED: u64 = 1;

/// What the flags and `[probe]` ask, the flags first.
struct Options {
    tools: Vec<String>,
    allow_writes: bool,
    max_calls: usize,
    per_tool: usize,
    timeout: Duration,
    seed: u64,
}

impl Options {
    fn new(args: &ProbeArgs, config: &ProbeConfig) -> Self {
        let mut tools = args.tools.clone();
        if tools.is_empty() {
            tools.clone_from(&config.tools);
        }
        Self {
            tools,
            allow_writes: args.allow_writes || config.allow_writes == Some(true),
            max_calls: args.max_calls.or(config.max_calls).unwrap_or(MAX_CALLS),
            per_tool: args.per_tool.or(config.per_tool).unwrap_or(PER_TOOL),
            timeout: Duration::from_secs(
                args.live.timeout.or(config.timeout).unwrap_or(CALL_TIMEOUT),
            ),
            seed: args.seed.or(config.seed).unwrap_or(SEED),
        }
    }
}

/// The calls to make: (tool, case) indices, in order.
pub struct Plan {
    /// Each call: the tool's index and the case's.
    pub calls: Vec<(usize, usize)>,
    /// The tools left out because they are not read-only.
    pub left_out: Vec<String>,
    /// The tools left out because they can only be called as a task.
    pub tasks: Vec<String>,
    /// Calls not made because of `--max-calls` or `--per-tool`.
    pub capped: usize,
}

/// Which tools are called, and which of their cases, within the limits.
///
/// # Errors
/// A `--tools` name that is no tool of the server (with the closest).
fn plan(tools: &[ToolCases], options: &Options) -> Result<Plan, Problem> {
    for name in &options.tools {
        if !tools.iter().any(|t| &t.tool == name) {
            let hint = cases::closest_tool(name, tools)
                .map(|c| format!("; did you mean \"{c}\"?"))
                .unwrap_or_default();
            return Err(Problem::new(format!(
                "--tools names \"{name}\", which is no tool of the server{hint}"
            )));
        }
    }
    let mut out = Plan {
        calls: Vec::new(),
        left_out: Vec::new(),
        tasks: Vec::new(),
        capped: 0,
    };
    for (t, tool) in tools.iter().enumerate() {
        let opted_in = options.allow_writes || options.tools.contains(&tool.tool);
        if !tool.read_only && !opted_in {
            out.left_out.push(tool.tool.clone());
            continue;
        }
        if tool.task_only {
            out.tasks.push(tool.tool.clone());
            continue;
        }
        for c in 0..tool.cases.len() {
            if c >= options.per_tool || out.calls.len() >= options.max_calls {
                out.capped += 1;
                continue;
            }
            out.calls.push((t, c));
        }
    }
    Ok(out)
}

/// `toolcheck probe`.
///
/// # Errors
/// A usage error, a server that cannot be reached, a config with mistakes.
pub fn run(
    args: &ProbeArgs,
    host: &mut dyn Host,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, Problem> {
    let config =
        crate::check::load_config(args.policy.config.as_deref(), args.policy.no_config, host)
            .map_err(Problem::new)?;
    let options = Options::new(
        args,
        config
            .as_ref()
            .map_or(&ProbeConfig::default(), |c| &c.probe),
    );
    let fail_on = FailOn::chosen(args.policy.fail_on, config.as_ref());
    let given = given_values(args, config.as_ref().map(|c| &c.probe.arguments), host)?;
    if let Some(file) = &args.file {
        if !args.dry_run {
            return Err(Problem::new(
                "a capture cannot be called: give --stdio -- <command…> or --url to probe a live server, \
                 or --dry-run to see the cases",
            ));
        }
        let text = read_file_or_stdin(host, Some(file)).map_err(Problem::new)?;
        let mut tools =
            cases::for_capture(&text, options.seed).map_err(|e| Problem::input(Some(file), &e))?;
        let definitions = given::definitions(&text).map_err(|e| Problem::input(Some(file), &e))?;
        given
            .apply(&definitions, &mut tools)
            .map_err(|e| given_problem(args, &e))?;
        let plan = plan(&tools, &options)?;
        write_plan(&tools, &plan, options.seed, args, out);
        return Ok(0);
    }
    let (target, secrets) = target(args, host)?;
    let redactor = Redactor::new(&secrets);
    let flag = if args.mcp_config.is_some() {
        "--mcp-config"
    } else if args.stdio {
        "--stdio"
    } else {
        "--url"
    };
    let Some(live) = host.live() else {
        return Err(Problem::native_only(&format!(
            "{flag}: probing a live server"
        )));
    };
    let connection = live.open(&target, &args.live).map_err(|e| {
        Problem::new(redactor.redact(&format!("cannot list the tools of {}: {e}", target.label())))
    })?;
    let captured = connection.captured().clone();
    let text = captured.text();
    let mut tools = cases::for_capture(&text, options.seed)
        .map_err(|e| Problem::input(Some(&target.label()), &e))?;
    let definitions =
        given::definitions(&text).map_err(|e| Problem::input(Some(&target.label()), &e))?;
    given
        .apply(&definitions, &mut tools)
        .map_err(|e| given_problem(args, &e))?;
    let plan = plan(&tools, &options)?;
    if args.dry_run {
        write_plan(&tools, &plan, options.seed, args, out);
        return Ok(0);
    }
    if options.allow_writes {
        let writers: Vec<&str> = tools
            .iter()
            .filter(|t| !t.read_only)
            .map(|t| t.tool.as_str())
            .collect();
        if !writers.is_empty() {
            let _ = writeln!(
                err,
                "toolcheck: --allow-writes: calling {} that may write, delete or reach outside: {}",
                counted(writers.len(), "tool"),
                writers.join(", ")
            );
        }
    }
    write_limits(&plan, err);
    let mut calls: Vec<Call> = Vec::with_capacity(plan.calls.len());
    let mut stopped = None;
    let mut connection = Some(connection);
    for &(t, c) in &plan.calls {
        let (tool, case) = (&tools[t], &tools[t].cases[c]);
        let live_one = match connection.as_mut() {
            Some(open) => open,
            // The last call broke the server: a fresh one (or a fresh
            // connection) for this case.
            None => match live.open(&target, &args.live) {
                Ok(fresh) => connection.insert(fresh),
                Err(e) => {
                    stopped = Some(format!(
                        "the server could not be started again after it stopped answering: {e}"
                    ));
                    break;
                }
            },
        };
        let answer = live_one.call(&tool.tool, &case.arguments, options.timeout);
        // What the judgements read, and no more: a valid call's result
        // whole, for the result rules, as text.
        let answer = answer.condensed(case.is_valid());
        if matches!(answer, Answer::Timeout | Answer::Closed(_)) {
            connection = None;
        }
        calls.push(Call {
            tool: t,
            case: c,
            answer,
        });
    }
    drop(connection);
    let broke = calls
        .iter()
        .filter(|c| matches!(c.answer, Answer::Timeout | Answer::Closed(_)))
        .count();
    let _ = writeln!(
        err,
        "toolcheck: {} made, {} answered{}",
        counted(calls.len(), "call"),
        calls.len() - broke,
        if broke == 0 {
            String::new()
        } else {
            format!(", {broke} with no answer (a crash, a closed stream or --timeout)")
        }
    );
    let probed = Probed {
        capture: &text,
        protocol: &captured.protocol_version,
        tools: &tools,
        calls: &calls,
        timeout_secs: options.timeout.as_secs(),
        stopped: stopped.as_deref(),
        given: &given,
    };
    let report = toolcheck::checking::probe_report(&probed)
        .map_err(|e| Problem::input(Some(&target.label()), &e))?;
    let format = ReportFormat::from(args.format);
    // A live server's capture is no file: annotations point nowhere.
    let source = Source::new(None, &text);
    let label = redactor.redact(&target.label()).into_owned();
    let mut written = Vec::new();
    let report_calls = (format == ReportFormat::Json).then(|| {
        calls_json(
            &tools,
            &definitions,
            &calls,
            &given,
            &captured.protocol_version,
        )
    });
    let code = crate::check::write(
        report,
        config.as_ref(),
        None,
        format,
        (&source, &label),
        fail_on,
        &mut written,
        err,
    );
    // The JSON report also lists every call: its arguments, where they came
    // from, and the answer's exact text.
    if let Some(probe) = report_calls
        && let Ok(Value::Object(mut report)) = serde_json::from_slice::<Value>(&written)
    {
        report.insert("probe".into(), probe);
        written = serde_json::to_vec_pretty(&report).unwrap_or(written);
        written.push(b'\n');
    }
    let _ = out.write_all(
        redactor
            .redact(&String::from_utf8_lossy(&written))
            .as_bytes(),
    );
    Ok(code)
}

/// The server to probe, and the values its config says must never be
/// printed.
///
/// # Errors
/// No server given, a config that cannot be read, a `--server` it does not
/// have (with the names it has).
fn target(args: &ProbeArgs, host: &dyn Host) -> Result<(Target, Vec<String>), Problem> {
    let Some(path) = &args.mcp_config else {
        if !args.stdio && args.live.url.is_none() {
            return Err(Problem::new(
                "nothing to probe: give a server command after -- with --stdio (toolcheck probe --stdio -- npx my-server), \
                 --url http://…/mcp, --mcp-config FILE --server NAME, or a capture with --dry-run",
            ));
        }
        crate::live::stdio_command(args.stdio, &args.command, "probe").map_err(Problem::new)?;
        let target = Target::from_args(&args.live, &args.command).map_err(Problem::new)?;
        return Ok((target, Vec::new()));
    };
    let config = client_config::read(host, path).map_err(Problem::new)?;
    let names: Vec<&str> = config.servers.iter().map(|s| s.name.as_str()).collect();
    let chosen = match &args.server {
        Some(name) => config
            .servers
            .iter()
            .find(|s| &s.name == name)
            .ok_or_else(|| {
                Problem::new(format!(
                    "{path} has no server \"{name}\"; it has {}",
                    names.join(", ")
                ))
            })?,
        None => match config.servers.as_slice() {
            [one] => one,
            [] => return Err(Problem::new(format!("{path} lists no server"))),
            _ => {
                return Err(Problem::new(format!(
                    "{path} lists {} servers: name the one to probe with --server ({})",
                    names.len(),
                    names.join(", ")
                )));
            }
        },
    };
    let target = chosen
        .target
        .clone()
        .map_err(|e| Problem::new(format!("{path}: server \"{}\": {e}", chosen.name)))?;
    Ok((target, config.secrets))
}

/// The plan: JSON (the cases of every tool, as the page exports them) or
/// a line per call.
fn write_plan(tools: &[ToolCases], plan: &Plan, seed: u64, args: &ProbeArgs, out: &mut dyn Write) {
    let export = match (args.export, args.format) {
        (Some(kind), _) => Some(kind),
        (None, CheckFormat::Json) => Some(CasesExport::Json),
        (None, CheckFormat::Markdown) => Some(CasesExport::Markdown),
        _ => None,
    };
    if let Some(kind) = export {
        let text = match kind {
            CasesExport::Json => cases::export::json(tools, seed),
            CasesExport::Markdown => cases::export::markdown(tools, seed),
            CasesExport::Pytest => cases::export::pytest(tools, seed),
            CasesExport::Vitest => cases::export::vitest(tools, seed),
        };
        let _ = out.write_all(text.as_bytes());
        return;
    }
    let called = tools.len() - plan.left_out.len() - plan.tasks.len();
    let _ = writeln!(
        out,
        "{} to {} (seed {seed}); nothing is called with --dry-run",
        counted(plan.calls.len(), "call"),
        counted(called, "tool"),
    );
    write_limits(plan, out);
    for (n, &(t, c)) in plan.calls.iter().enumerate() {
        let (tool, case) = (&tools[t], &tools[t].cases[c]);
        let request = serde_json::json!({
            "jsonrpc": "2.0",
            "id": n + 1,
            "method": "tools/call",
            "params": {"name": tool.tool, "arguments": case.arguments},
        });
        let _ = writeln!(
            out,
            "{} {}: {}\n  {request}",
            tool.tool,
            case.id,
            case.expectation()
        );
    }
    for tool in tools.iter().filter(|t| !t.notes.is_empty()) {
        for note in &tool.notes {
            let _ = writeln!(out, "note: {}: {note}", tool.tool);
        }
    }
}

/// What the plan leaves out: the tools that are not read-only, and the
/// cases over the limits.
fn write_limits(plan: &Plan, out: &mut dyn Write) {
    if !plan.left_out.is_empty() {
        let _ = writeln!(
            out,
            "left out, not read-only (opt in with --tools or --allow-writes): {}",
            plan.left_out.join(", ")
        );
    }
    if !plan.tasks.is_empty() {
        let _ = writeln!(
            out,
            "left out, callable only as a task (execution.taskSupport: required), which a probe does not make: {}",
            plan.tasks.join(", ")
        );
    }
    if plan.capped > 0 {
        let _ = writeln!(
            out,
            "{} more over --max-calls or --per-tool, not called",
            counted(plan.capped, "case")
        );
    }
}

/// The argument values given: `--arguments FILE` over `[probe.arguments]`,
/// key by key.
///
/// # Errors
/// A file that cannot be read, is no JSON (with its line and column) or no
/// JSON object.
fn given_values(
    args: &ProbeArgs,
    config: Option<&Map<String, Value>>,
    host: &dyn Host,
) -> Result<Given, Problem> {
    let mut values = config.cloned().unwrap_or_default();
    if let Some(file) = &args.arguments {
        let text = read_file_or_stdin(host, Some(file)).map_err(Problem::new)?;
        let parsed: Value = serde_json::from_str(&text).map_err(|e| Problem {
            line: Some(e.line()),
            column: Some(e.column()),
            ..Problem::new(format!("--arguments {file}: {e}"))
        })?;
        let Value::Object(from_file) = parsed else {
            return Err(Problem::new(format!(
                "--arguments {file}: the values must be a JSON object, by tool ({{\"read_note\": {{\"identifier\": \"…\"}}}}) or by argument ({{\"project\": \"main\"}})"
            )));
        };
        values.extend(from_file);
    }
    Ok(Given::new(values))
}

/// A mistake in the given values, said with where they came from.
fn given_problem(args: &ProbeArgs, e: &str) -> Problem {
    Problem::new(match &args.arguments {
        Some(file) => format!("--arguments {file} (with [probe.arguments]): {e}"),
        None => format!("[probe.arguments]: {e}"),
    })
}

/// Every call as the JSON report lists it: the tool, the case, the
/// arguments and where each came from, and the answer with its exact text.
fn calls_json(
    tools: &[ToolCases],
    definitions: &[Value],
    calls: &[Call],
    given: &Given,
    protocol: &str,
) -> Value {
    let calls: Vec<Value> = calls
        .iter()
        .map(|call| {
            let (tool, case) = (&tools[call.tool], &tools[call.tool].cases[call.case]);
            let definition = definitions.iter().find(|d| d["name"] == tool.tool.as_str());
            let sources: Map<String, Value> = definition
                .map(|d| given::sources(d, &case.arguments, given))
                .unwrap_or_default()
                .into_iter()
                .map(|(name, source)| (name, json!(source.as_str())))
                .collect();
            let (answer, text) = match &call.answer {
                Answer::Error { code, message } => (
                    json!({"kind": "json-rpc-error", "code": code}),
                    Some(message.clone()),
                ),
                Answer::Timeout => (json!({"kind": "timeout"}), None),
                Answer::Closed(why) => (json!({"kind": "closed"}), Some(why.clone())),
                other => match other.result_parts() {
                    Some((is_error, text, _)) => (
                        json!({"kind": if is_error { "tool-error" } else { "result" }}),
                        Some(text),
                    ),
                    None => (json!({"kind": "closed"}), None),
                },
            };
            let mut answer = answer;
            if let Some(text) = text {
                answer["text"] = json!(text);
            }
            json!({
                "tool": tool.tool,
                "case": case.id,
                "kind": if case.is_valid() { "valid" } else { "invalid" },
                "arguments": case.arguments,
                "sources": sources,
                "answer": answer,
            })
        })
        .collect();
    json!({"protocol": protocol, "calls": calls})
}
