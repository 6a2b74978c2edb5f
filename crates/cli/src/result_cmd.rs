//! `toolcheck result` and `toolcheck infer`: one `tools/call` result checked
//! against its tool's `outputSchema`, or a starting `outputSchema` inferred
//! from it.

use std::process::ExitCode;

use toolcheck::Settings;

use crate::args::{InferArgs, OutputFormat, ResultArgs};
use crate::{emit, exit_code_for, input_error, read_file_or_stdin};

/// `toolcheck result`.
pub(crate) fn run_result(args: &ResultArgs) -> ExitCode {
    let (tools_text, tools_source, tool_name) = if args.sample {
        (
            toolcheck::sample::TOOLS.to_owned(),
            "sample tools".to_owned(),
            args.tool.clone().unwrap_or_else(|| "get_order".to_owned()),
        )
    } else {
        let (Some(path), Some(tool)) = (args.tools.as_deref(), args.tool.as_deref()) else {
            return input_error("result needs --tools FILE and --tool NAME (or --sample)");
        };
        match read_file_or_stdin(Some(path)) {
            Ok(t) => (t, path.to_owned(), tool.to_owned()),
            Err(e) => return input_error(format!("tools: {e}")),
        }
    };
    let tool = match toolcheck::result::find_tool(&tools_text, &tool_name) {
        Ok(t) => t,
        Err(e) => return input_error(format!("{tools_source}: {e}")),
    };
    let (result_text, result_source) = if args.sample {
        (
            toolcheck::sample::RESULT.to_owned(),
            "sample result".to_owned(),
        )
    } else {
        match read_file_or_stdin(args.file.as_deref()) {
            Ok(t) => (t, args.file.clone().unwrap_or_else(|| "<stdin>".to_owned())),
            Err(e) => return input_error(format!("result: {e}")),
        }
    };
    let settings = Settings {
        revision: args.revision,
        ..Settings::default()
    };
    let report = match toolcheck::result::check_result_for(&tool, &result_text, &settings) {
        Ok(r) => r,
        Err(e) => return input_error(format!("{result_source}: {e}")),
    };
    let rendered = match args.format {
        OutputFormat::Text => toolcheck::report::result::text(&report),
        OutputFormat::Markdown => toolcheck::report::result::markdown(&report),
        OutputFormat::Json => toolcheck::report::result::json(&report) + "\n",
    };
    emit(&rendered);
    exit_code_for(report.worst(), args.fail_on)
}

/// `toolcheck infer`.
pub(crate) fn run_infer(args: &InferArgs) -> ExitCode {
    let text = match read_file_or_stdin(args.file.as_deref()) {
        Ok(t) => t,
        Err(e) => return input_error(format!("result: {e}")),
    };
    let inferred = match toolcheck::result::infer_from_result_text(&text) {
        Ok(i) => i,
        Err(e) => {
            return input_error(format!(
                "{}: {e}",
                args.file.as_deref().unwrap_or("<stdin>")
            ));
        }
    };
    match args.format {
        OutputFormat::Text => emit(&toolcheck::report::result::inferred_text(&inferred)),
        OutputFormat::Markdown => emit(&toolcheck::report::result::inferred_markdown(&inferred)),
        OutputFormat::Json => emit(&(toolcheck::report::result::inferred_json(&inferred) + "\n")),
    }
    ExitCode::SUCCESS
}
