-- Neovim's own LSP client, headless: open FILE with `fen lsp` attached,
-- wait for its diagnostics, write the first one to REPORT (line, column,
-- code, message; 0-based as Neovim keeps them), apply the quick fix at
-- the first line, and save the file.
local fen, file, report = os.getenv('FEN_BIN'), os.getenv('FILE'), os.getenv('REPORT')
local client = vim.lsp.start_client({ name = 'fen', cmd = { fen, 'lsp' }, root_dir = vim.fn.fnamemodify(file, ':h') })
vim.cmd('edit ' .. vim.fn.fnameescape(file))
vim.lsp.buf_attach_client(0, client)
local out = io.open(report, 'w')
local arrived = vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
if not arrived then
  out:write('no diagnostics\n')
  out:close()
  vim.cmd('qa!')
end
local first = vim.diagnostic.get(0)[1]
local code = first.code or (first.user_data and first.user_data.lsp and first.user_data.lsp.code)
out:write(string.format('%d %d %s %s\n', first.lnum, first.col, code, first.message))
vim.api.nvim_win_set_cursor(0, { 1, 0 })
local params = vim.lsp.util.make_range_params()
params.context = { diagnostics = {} }
local answers = vim.lsp.buf_request_sync(0, 'textDocument/codeAction', params, 20000) or {}
for _, answer in pairs(answers) do
  for _, action in ipairs(answer.result or {}) do
    if action.kind == 'quickfix' then
      out:write('applied ' .. action.title .. '\n')
      vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
    end
  end
end
vim.cmd('write')
out:close()
vim.lsp.stop_client(client)
vim.cmd('qa!')
