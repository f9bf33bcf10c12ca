// Attachments of steps and hooks: images, video, audio, JSON, text, logs with ANSI colours, URI lists as
// links, anything else as a download. Bodies are data: URLs or text nodes, never markup.

/** A log line with ANSI SGR colour codes as coloured spans (the codes themselves are dropped). */
function ansi(text) {
  var box = el('pre', 'log'), pattern = /\u001b\[([0-9;]*)m/g, last = 0, match, classes = [];
  function emit(part) {
    if (!part) return;
    add(box, classes.length ? el('span', classes.join(' '), part) : part);
  }
  while ((match = pattern.exec(text)) !== null) {
    emit(text.slice(last, match.index));
    last = pattern.lastIndex;
    (match[1] || '0').split(';').forEach(function (code) {
      var n = parseInt(code || '0', 10);
      if (n === 0) classes = [];
      else if (n === 1) classes.push('ansi-bold');
      else if (n === 3) classes.push('ansi-italic');
      else if (n === 4) classes.push('ansi-underline');
      else if (n >= 30 && n <= 37) classes.push('ansi-fg' + (n - 30));
      else if (n >= 90 && n <= 97) classes.push('ansi-fg' + (n - 90));
      else if (n >= 40 && n <= 47) classes.push('ansi-bg' + (n - 40));
      else if (n === 39) classes = classes.filter(function (c) { return c.indexOf('ansi-fg') !== 0; });
    });
  }
  emit(text.slice(last));
  return box;
}

function decodeText(attachment) {
  if (!attachment.b64) return attachment.b || '';
  try {
    var binary = atob(attachment.b), bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new TextDecoder('utf-8').decode(bytes);
  } catch (e) { return attachment.b; }
}

function dataUrl(attachment, media) {
  return attachment.b64 ? 'data:' + media + ';base64,' + attachment.b
    : 'data:' + media + ';charset=utf-8,' + encodeURIComponent(attachment.b || '');
}

function attachmentBox(title, content) {
  var box = el('figure', 'attachment');
  add(box, el('figcaption', null, title), content);
  return box;
}

function renderAttachment(attachment) {
  var media = attachment.m || 'application/octet-stream';
  var title = (attachment.n ? attachment.n + ' \u00B7 ' : '') + media;
  if (attachment.u && attachment.b === undefined) {
    var href = safeHref(attachment.u), a = el('a', null, attachment.u);
    if (href) { a.href = href; a.rel = 'noopener noreferrer'; }
    return attachmentBox('Attachment \u00B7 ' + title, a);
  }
  if (/^image\//.test(media)) {
    var img = el('img', 'attachment-image');
    img.alt = attachment.n || 'Attached image (' + media + ')';
    img.src = dataUrl(attachment, media);
    return attachmentBox('Image \u00B7 ' + title, img);
  }
  if (/^(video|audio)\//.test(media)) {
    var player = el(/^video/.test(media) ? 'video' : 'audio', 'attachment-media');
    player.controls = true;
    player.src = dataUrl(attachment, media);
    return attachmentBox((/^video/.test(media) ? 'Video \u00B7 ' : 'Audio \u00B7 ') + title, player);
  }
  if (media === 'text/x.cucumber.log+plain') return attachmentBox('Log', ansi(decodeText(attachment)));
  if (media === 'text/uri-list') {
    var list = el('ul', 'uri-list');
    decodeText(attachment).split(/\r?\n/).forEach(function (line) {
      line = line.trim();
      if (!line || line.charAt(0) === '#') return;
      var item = el('a', null, line), target = safeHref(line);
      if (target) { item.href = target; item.rel = 'noopener noreferrer'; }
      add(list, add(el('li'), item));
    });
    return attachmentBox('Links \u00B7 ' + title, list);
  }
  if (/json/.test(media)) {
    var text = decodeText(attachment);
    try { text = JSON.stringify(JSON.parse(text), null, 2); } catch (e) { /* shown as it is */ }
    return attachmentBox('JSON \u00B7 ' + title, el('pre', 'json', text));
  }
  if (/^text\//.test(media) || /xml|yaml|javascript/.test(media)) {
    var body = decodeText(attachment);
    return attachmentBox('Text \u00B7 ' + title, /\u001b\[/.test(body) ? ansi(body) : el('pre', null, body));
  }
  var download = el('a', null, 'Download ' + (attachment.n || 'attachment'));
  download.href = 'data:' + media + ';base64,' + (attachment.b64 ? attachment.b : btoa(unescape(encodeURIComponent(attachment.b || ''))));
  download.download = attachment.n || 'attachment';
  return attachmentBox('Attachment \u00B7 ' + title, download);
}
