// Starts `referee lsp` for *.hlog files (the command is the setting `referee.command`).
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration("referee");
  const [command, ...args] = settings.get("command", ["referee", "lsp"]);
  client = new LanguageClient(
    "referee",
    "referee",
    { command, args },
    {
      documentSelector: [{ language: "hlog" }],
      initializationOptions: { delay: settings.get("delay", 0.3) },
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
