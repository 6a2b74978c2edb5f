//! `toolcheck result` and `toolcheck infer`: one `tools/call` result checked
//! against its tool's `outputSchema`, or a starting `outputSchema` inferred
//! from it.

use std::io::Write;

use toolcheck::Settings;
use toolcheck::result::ResultReport;

use crate::Problem;
use crate::args::{InferArgs, OutputFormat, ResultArgs};
use crate::host::Host;
use crate::input::read_file_or_stdin;

/// A text and its name in messages (nothing for text handed over).
pub struct Named<'a> {
    /// The text.
    pub text: &'a str,
    /// Its name: a path, `sample tools`, `<stdin>`.
    pub name: Option<&'a str>,
}

/// `toolcheck result`.
///
/// # Errors
/// Missing arguments, a file that cannot be read, a tool that is not in
/// the capture, a result that cannot be read.
pub fn run_result(
    args: &ResultArgs,
    host: &mut dyn Host,
    out: &mut dyn Write,
) -> Result<u8, Problem> {
    let (tools_text, tools_source, tool_name) = if args.sample {
        (
            toolcheck::sample::TOOLS.to_owned(),
            "sample tools".to_owned(),
            args.tool.clone().unwrap_or_else(|| "get_order".to_owned()),
        )
    } else {
        let (Some(path), Some(tool)) = (args.tools.as_deref(), args.tool.as_deref()) else {
            return Err(Problem::new(
                "result needs --tools FILE and --tool NAME (or --sample)",
            ));
        };
        let text = read_file_or_stdin(host, Some(path))
            .map_err(|e| Problem::new(format!("tools: {e}")))?;
        (text, path.to_owned(), tool.to_owned())
    };
    let tools = Named {
        text: &tools_text,
        name: Some(&tools_source),
    };
    let tool = find(&tools, &tool_name)?;
    let (result_text, result_source) = if args.sample {
        (
            toolcheck::sample::RESULT.to_owned(),
            "sample result".to_owned(),
        )
    } else {
        let text = read_file_or_stdin(host, args.file.as_deref())
            .map_err(|e| Problem::new(format!("result: {e}")))?;
        (
            text,
            args.file.clone().unwrap_or_else(|| "<stdin>".to_owned()),
        )
    };
    let result = Named {
        text: &result_text,
        name: Some(&result_source),
    };
    let report = check(&tool, &result, args.revision)?;
    let rendered = match args.format {
        OutputFormat::Text => toolcheck::report::result::text(&report),
        OutputFormat::Markdown => toolcheck::report::result::markdown(&report),
        OutputFormat::Json => toolcheck::report::result::json(&report) + "\n",
    };
    let _ = out.write_all(rendered.as_bytes());
    Ok(crate::exit_code(report.worst(), args.fail_on))
}

/// The tool named `name` in the capture `tools`.
///
/// # Errors
/// A capture that cannot be read, or no such tool (with the closest name).
pub fn find(tools: &Named<'_>, name: &str) -> Result<toolcheck::result::ResultTool, Problem> {
    toolcheck::result::find_tool(tools.text, name).map_err(|e| Problem::input(tools.name, &e))
}

/// The result checked against the tool's `outputSchema`.
///
/// # Errors
/// A result that cannot be read.
pub fn check(
    tool: &toolcheck::result::ResultTool,
    result: &Named<'_>,
    revision: toolcheck::Revision,
) -> Result<ResultReport, Problem> {
    let settings = Settings {
        revision,
        ..Settings::default()
    };
    toolcheck::checking::check_result_for(tool, result.text, &settings)
        .map_err(|e| Problem::input(result.name, &e))
}

/// `toolcheck infer`.
///
/// # Errors
/// A file that cannot be read, or a result with no JSON in it.
pub fn run_infer(
    args: &InferArgs,
    host: &mut dyn Host,
    out: &mut dyn Write,
) -> Result<u8, Problem> {
    let text = read_file_or_stdin(host, args.file.as_deref())
        .map_err(|e| Problem::new(format!("result: {e}")))?;
    let name = args.file.as_deref().unwrap_or("<stdin>");
    infer(
        &Named {
            text: &text,
            name: Some(name),
        },
        args.format,
        out,
    )
}

/// Writes the schema inferred from one result in `format`.
///
/// # Errors
/// A result with no JSON in it.
pub fn infer(result: &Named<'_>, format: OutputFormat, out: &mut dyn Write) -> Result<u8, Problem> {
    let inferred = toolcheck::result::infer_from_result_text(result.text)
        .map_err(|e| Problem::input(result.name, &e))?;
    let rendered = match format {
        OutputFormat::Text => toolcheck::report::result::inferred_text(&inferred),
        OutputFormat::Markdown => toolcheck::report::result::inferred_markdown(&inferred),
        OutputFormat::Json => toolcheck::report::result::inferred_json(&inferred) + "\n",
    };
    let _ = out.write_all(rendered.as_bytes());
    Ok(0)
}
