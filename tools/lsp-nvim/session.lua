-- Headless Neovim (0.7 to 0.11) with its built-in LSP client and `specrun lsp`: open a feature, receive diagnostics,
-- complete a step, jump to its definition. Prints a transcript; exits 1 on the first unmet expectation.
-- Run by tools/lsp-nvim/run (SPECRUN_BIN: the spec executable).
local bin = os.getenv('SPECRUN_BIN') or '.build/debug/specrun'
local function say(text) io.stdout:write(text .. '\n') end
local function fail(text) say('FAILED: ' .. text); vim.cmd('cquit 1') end

vim.cmd('edit Features/quiz/nvim-session.feature') -- never written: the buffer is the document
vim.bo.filetype = 'cucumber'
local lines = {
  '@quiz @story-load-game',
  'Feature: Editing in Neovim',
  '  Background:',
  '    Given the quiz is published at "https://quiz.example.com/java-keywords"',
  '',
  '  Scenario: Offline',
  '    Given the customer has no conectivity',
  '    When the customer requests to load the game',
}
vim.api.nvim_buf_set_lines(0, 0, -1, false, lines)
local buf = vim.api.nvim_get_current_buf()
say('$ nvim Features/quiz/nvim-session.feature    (server: ' .. bin .. ' lsp)')

-- The set-up docs/EDITORS.md documents, run as written (only the spec executable's path put in): setting the
-- buffer's filetype again fires its FileType autocommand, which starts the client and attaches the buffer.
local docs = table.concat(vim.fn.readfile('docs/EDITORS.md'), '\n')
local block = docs:match('<!%-%- nvim%-config.-```lua\n(.-)```')
if not block then fail('docs/EDITORS.md has no nvim-config block') end
-- (The block names the executable relative to the package: an absolute path under it is made relative.)
local cwd = vim.fn.getcwd()
local relative = bin
if bin:sub(1, #cwd + 1) == cwd .. '/' then relative = bin:sub(#cwd + 2) end
if relative:sub(1, 1) == '/' then fail('the spec executable must be under ' .. cwd .. ': ' .. bin) end
block = block:gsub("local specrun_bin = '[^']*'", "local specrun_bin = '" .. relative .. "'")
local run_config, problem = loadstring(block)
if not run_config then fail('the documented set-up does not load: ' .. problem) end
local ok, err = pcall(run_config)
if not ok then fail('the documented set-up failed: ' .. tostring(err)) end
vim.bo.filetype = ''
vim.bo.filetype = 'cucumber'
say('nvim ' .. tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) .. '.' .. tostring(vim.version().patch)
    .. ': the set-up of docs/EDITORS.md started the client')
local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients
local client_id
vim.wait(30000, function()
  for _, c in pairs(get_clients()) do if c.name == 'specrun' then client_id = c.id end end
  return client_id ~= nil
end, 50)
if not client_id then fail('the documented set-up started no specrun client') end

-- diagnostics
if not vim.wait(60000, function() return #vim.diagnostic.get(buf) > 0 end, 50) then fail('no diagnostics') end
for _, d in ipairs(vim.diagnostic.get(buf)) do
  say(string.format('diagnostic %d:%d %s', d.lnum + 1, d.col + 1, d.message))
end
local first = vim.diagnostic.get(buf)[1]
if first.lnum ~= 6 or not first.message:find("did you mean 'the customer has no connectivity'", 1, true) then
  fail('unexpected diagnostic: ' .. first.message)
end

-- completion, at the end of "    When the customer requests"
-- (buf_request_sync is the same call on 0.7 and 0.11, where a client's own methods take `self`.)
local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 7, character = 30 } }
local answers = vim.lsp.buf_request_sync(buf, 'textDocument/completion', params, 30000)
local answer = answers and answers[client_id]
if not answer or answer.err or not answer.result then fail('no completion') end
local found = false
for _, item in ipairs(answer.result.items or answer.result) do
  if item.label == 'the customer requests to load the game' then found = true end
end
say('completion at 8:31: ' .. #(answer.result.items or answer.result) .. ' items, "the customer requests to load the game" '
    .. (found and 'among them' or 'missing'))
if not found then fail('the step is not completed') end

-- go to definition (what `gd` / vim.lsp.buf.definition() does)
vim.api.nvim_win_set_cursor(0, { 8, 12 })
local results = vim.lsp.buf_request_sync(buf, 'textDocument/definition', params, 30000)
local location
for _, r in pairs(results or {}) do if r.result and r.result[1] then location = r.result[1] end end
if not location then fail('no definition') end
if vim.lsp.util.show_document then -- 0.8+ (jump_to_location is deprecated in 0.11)
  vim.lsp.util.show_document(location, 'utf-16', { focus = true })
else
  vim.lsp.util.jump_to_location(location, 'utf-16')
end
local here = vim.api.nvim_buf_get_name(0)
local row = vim.api.nvim_win_get_cursor(0)[1]
say(string.format('definition: jumped to %s:%d', vim.fn.fnamemodify(here, ':.'), row))
say('  ' .. vim.trim(vim.api.nvim_buf_get_lines(0, row - 1, row, false)[1]))
if not here:match('%.swift$') then fail('the jump did not land in a Swift file') end

vim.lsp.stop_client(client_id)
say('ok')
vim.cmd('qall!')
