import RulesCLI

// `rules`: the command line lives in RulesCLI, where the tests call it in-process.
CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
