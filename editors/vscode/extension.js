// Starts `fen lsp` for .fen, .epd and .pgn documents: every diagnostic,
// quick fix, hover and symbol comes from the server; this file only
// connects the two.
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration('fenkit');
  const command = settings.get('path') || 'fen';
  const server = { command, args: ['lsp'] };
  client = new LanguageClient(
    'fenkit',
    'fenkit',
    { run: server, debug: server },
    {
      documentSelector: ['fen', 'epd', 'pgn'].map((language) => ({ language })),
      // VS Code shows images in hovers: the server draws the board.
      initializationOptions: { diagramsOnHover: settings.get('diagramsOnHover', true) },
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
