"""Inline CSS and JavaScript shared by the HTML reports (no CDN, no external file).

Colours follow the Okabe-Ito palette (safe for the common colour-vision deficiencies) and
every label is also told apart by an icon, a text badge and an underline pattern (solid,
wavy, dotted, none), so nothing relies on colour alone. Focus is always visible.
"""

from __future__ import annotations

__all__ = ["BASE_CSS", "CHECK_CSS", "CHECK_JS", "EVAL_CSS"]

BASE_CSS = """
:root{--fg:#1d1d1f;--muted:#5b5b66;--line:#d9d9e0;--bg:#fafafa;--card:#fff;
--sup:#0b7a55;--sup-bg:#dff3ea;--con:#b34700;--con-bg:#fde2d6;--nei:#8a6100;--nei-bg:#fff1c2;
--nac:#5b5b66;--nac-bg:#ececf0;--focus:#0057d9;--box:#e66100}
*{box-sizing:border-box}
body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;
color:var(--fg);background:var(--bg)}
header.top{background:#23263a;color:#fff;padding:14px 28px}
header.top h1{margin:0;font-size:19px;font-weight:600}
header.top p{margin:2px 0 0;color:#c9cbe0;font-size:13px}
main{max-width:1180px;margin:0 auto;padding:16px 28px 60px}
section{background:var(--card);border:1px solid var(--line);border-radius:10px;
padding:14px 20px;margin:16px 0}
h2{font-size:16px;margin:0 0 10px;font-weight:650}
h3{font-size:14px;margin:12px 0 6px}
a{color:#0a58c2}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
table{border-collapse:collapse;font-size:13.5px}
th,td{padding:4px 9px;border-bottom:1px solid var(--line);text-align:right;vertical-align:top}
th:first-child,td:first-child{text-align:left}
th{font-weight:600;color:var(--muted);background:#f4f4f7}
.muted{color:var(--muted)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.badge{display:inline-block;border-radius:999px;padding:0 9px;font-size:12.5px;font-weight:600;
border:1.5px solid currentColor;white-space:nowrap}
.badge.lab-supported{color:var(--sup);background:var(--sup-bg)}
.badge.lab-contradiction{color:var(--con);background:var(--con-bg)}
.badge.lab-nei{color:var(--nei);background:var(--nei-bg)}
.badge.lab-not_a_claim{color:var(--nac);background:var(--nac-bg);border-style:dashed}
.bar{display:inline-block;height:9px;background:#56b4e9;border-radius:2px;vertical-align:middle}
"""

CHECK_CSS = """
.summary{display:flex;flex-wrap:wrap;gap:10px 28px;align-items:flex-start}
.counts{display:flex;gap:8px;flex-wrap:wrap}
.count{border-radius:8px;padding:6px 12px;min-width:118px;border:1.5px solid currentColor}
.count b{font-size:20px;display:block;line-height:1.2}
.count.lab-supported{color:var(--sup);background:var(--sup-bg)}
.count.lab-contradiction{color:var(--con);background:var(--con-bg)}
.count.lab-nei{color:var(--nei);background:var(--nei-bg)}
.count.lab-not_a_claim{color:var(--nac);background:var(--nac-bg);border-style:dashed}
.stack{display:flex;height:12px;border-radius:6px;overflow:hidden;margin:10px 0 2px;
border:1px solid var(--line);width:100%}
.stack span{display:block;height:100%}
.stack .lab-supported{background:var(--sup)}
.stack .lab-contradiction{background:repeating-linear-gradient(45deg,var(--con) 0 4px,#e98a5b 4px 7px)}
.stack .lab-nei{background:repeating-linear-gradient(90deg,#e69f00 0 3px,#f6d27a 3px 6px)}
.stack .lab-not_a_claim{background:#b8b8c2}
dl.meta{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:0;font-size:13.5px}
dl.meta dt{color:var(--muted)}dl.meta dd{margin:0;word-break:break-all}
.question{font-size:15.5px;font-weight:500}
.legend{display:flex;gap:8px;flex-wrap:wrap;margin:0 0 10px;font-size:13px}
.answer{font-size:16px;line-height:2.05;white-space:pre-wrap;margin:0}
.sent{border-radius:4px;padding:2px 2px;cursor:pointer;text-decoration-thickness:2px;
text-underline-offset:4px;-webkit-box-decoration-break:clone;box-decoration-break:clone}
.sent .ic{font-weight:700;font-size:13px;margin-right:2px}
.sent sup.sid{font-size:10.5px;font-weight:600;color:var(--muted);margin-left:1px}
.sent.lab-supported{background:var(--sup-bg);text-decoration:underline solid var(--sup)}
.sent.lab-supported .ic{color:var(--sup)}
.sent.lab-contradiction{background:var(--con-bg);text-decoration:underline wavy var(--con)}
.sent.lab-contradiction .ic{color:var(--con)}
.sent.lab-nei{background:var(--nei-bg);text-decoration:underline dotted var(--nei)}
.sent.lab-nei .ic{color:var(--nei)}
.sent.lab-not_a_claim{background:var(--nac-bg);color:#3c3c44}
.sent.lab-not_a_claim .ic{color:var(--nac)}
.sent:hover{filter:brightness(.96)}
.sent.gold-diff{outline:2px dashed #6a3d9a;outline-offset:1px}
.sent sup.gd{color:#6a3d9a;font-weight:700;font-size:12px;margin-left:1px}
.sent.hl,.card.hl{box-shadow:0 0 0 3px var(--focus)}
mark.err{position:relative;background:#fff;border:2px solid var(--con);border-radius:4px;
padding:0 2px;color:inherit;text-decoration:line-through 1.5px var(--con)}
mark.err.fam-nei{border-color:#b07800;border-style:dashed;text-decoration:none}
mark.err .code{font-size:10.5px;font-weight:700;vertical-align:super;margin-left:2px;
color:var(--con);text-decoration:none;display:inline-block}
mark.err.fam-nei .code{color:var(--nei)}
mark.err .fix{display:none;position:absolute;left:0;bottom:calc(100% + 6px);z-index:5;
background:#23263a;color:#fff;border-radius:6px;padding:5px 9px;font-size:13px;line-height:1.4;
white-space:normal;width:max-content;max-width:340px;text-decoration:none;box-shadow:0 3px 10px #0004}
mark.err:hover .fix,mark.err:focus .fix,mark.err:focus-within .fix{display:block}
.graph-wrap{overflow-x:auto}
svg.graph .node rect{stroke-width:1.5px}
svg.graph .node text{font:600 13px system-ui,sans-serif;fill:#1d1d1f}
svg.graph text.iso{font:12px system-ui,sans-serif;fill:var(--muted)}
svg.graph .node text.inh{font-size:10.5px;fill:var(--con)}
svg.graph .lab-supported rect{fill:var(--sup-bg);stroke:var(--sup)}
svg.graph .lab-contradiction rect{fill:var(--con-bg);stroke:var(--con)}
svg.graph .lab-nei rect{fill:var(--nei-bg);stroke:var(--nei)}
svg.graph .lab-not_a_claim rect{fill:var(--nac-bg);stroke:var(--nac);stroke-dasharray:3 2}
svg.graph .bad-premise rect{stroke-width:3.5px;stroke-dasharray:7 3}
svg.graph .edge{fill:none;stroke:#8b8b99;stroke-width:1.6px}
svg.graph .edge-C4{stroke:var(--con);stroke-width:2.2px;stroke-dasharray:6 3}
svg.graph .edge-N4{stroke:#c98a00;stroke-width:2.2px;stroke-dasharray:2 3}
svg.graph .arrowhead{fill:#8b8b99}svg.graph .arrowhead-C4{fill:var(--con)}
svg.graph .arrowhead-N4{fill:#c98a00}
svg.graph a:focus-visible rect{stroke:var(--focus);stroke-width:4px}
.graph-legend{font-size:12.5px;color:var(--muted);margin-top:4px}
.cards{display:grid;gap:10px}
.card{border:1px solid var(--line);border-left:6px solid var(--nac);border-radius:8px;
padding:10px 14px;background:#fff;scroll-margin-top:12px}
.card.lab-supported{border-left-color:var(--sup)}
.card.lab-contradiction{border-left:6px double var(--con)}
.card.lab-nei{border-left:6px dotted #e69f00}
.card.lab-not_a_claim{border-left:6px dashed var(--nac)}
.card.has-ev{display:grid;grid-template-columns:minmax(0,1fr) auto;column-gap:18px}
.card.has-ev .thumbs{margin-top:0;align-self:start;justify-content:flex-end;max-width:440px}
.card.lab-not_a_claim{padding:5px 14px}.card.lab-not_a_claim .text{margin:2px 0;color:#3c3c44}
.card header{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.card .sidb{font-weight:700}
.gold{font-size:12.5px;font-weight:600;border-radius:4px;padding:0 6px}
.gold.ok{color:var(--sup)}.gold.wrong{color:#fff;background:#6a3d9a}
.card .text{margin:6px 0}
.card ul{margin:4px 0;padding-left:20px;font-size:14px}
.card .why{font-size:13.5px;color:var(--muted)}
.tag{display:inline-block;font-size:12px;font-weight:700;border-radius:4px;padding:0 5px;
background:#23263a;color:#fff}
.thumbs{display:flex;gap:10px;flex-wrap:wrap;margin-top:8px}
button.thumb{border:1px solid var(--line);background:#fff;border-radius:6px;padding:4px;
cursor:zoom-in;font:inherit;font-size:12px;color:var(--muted);text-align:center}
button.thumb:hover{border-color:var(--focus)}
.pg{display:block;position:relative;background-size:100% 100%;background-color:#fff;
background-repeat:no-repeat;border:1px solid #ccc}
button.thumb .pg{width:170px}
.pg .box{position:absolute;border:2px solid var(--box);background:rgba(230,97,0,.13);
border-radius:1px;pointer-events:none}
dialog#lightbox{border:0;border-radius:10px;padding:12px;max-width:96vw;max-height:96vh;
overflow:auto;box-shadow:0 10px 40px #0007}
dialog#lightbox::backdrop{background:rgba(20,20,30,.72)}
dialog#lightbox .pg{width:min(900px,88vw)}
dialog#lightbox .pg .box{border-width:3px}
dialog#lightbox .bar-top{display:flex;justify-content:space-between;align-items:center;
gap:16px;margin-bottom:8px;font-size:14px}
dialog#lightbox button{font:inherit;padding:4px 12px;border-radius:6px;border:1px solid #999;
background:#f4f4f7;cursor:pointer}
.refs td,.refs th{font-size:13.5px;text-align:left}
.refs td.raw{max-width:430px}
.verdict{display:inline-block;font-weight:700;border-radius:4px;padding:0 6px;border:1.5px solid currentColor;
white-space:nowrap}
.verdict.v-verified{color:var(--sup);background:var(--sup-bg)}
.verdict.v-corrupted{color:var(--con);background:var(--con-bg)}
.verdict.v-fabricated{color:#fff;background:#a52a00}
.verdict.v-ambiguous,.verdict.v-unverified,.verdict.v-unparsed{color:var(--nei);background:var(--nei-bg);
border-style:dashed}
.diff{font-size:12.5px}.diff del{color:var(--con)}.diff ins{color:var(--sup);text-decoration:none;font-weight:600}
.nopdf{font-size:13px;color:var(--con)}
@media print{dialog{display:none}.sent{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
"""

CHECK_JS = r"""
(function(){
  var dlg=document.getElementById('lightbox');
  var stage=document.getElementById('lightbox-stage');
  var cap=document.getElementById('lightbox-cap');
  var opener=null;
  function openThumb(btn){
    var src=btn.querySelector('.pg');
    var big=src.cloneNode(true);
    big.className=big.className.replace('pg-t','pg-l');
    stage.replaceChildren(big);
    cap.textContent=btn.getAttribute('data-caption')||'';
    opener=btn;
    if(dlg.showModal){dlg.showModal();}else{dlg.setAttribute('open','');}
    document.getElementById('lightbox-close').focus();
    var first=big.querySelector('.box');
    if(first&&first.scrollIntoView){first.scrollIntoView({block:'center'});}
  }
  function restore(){stage.replaceChildren();if(opener){var o=opener;opener=null;o.focus();}}
  function closeBox(){if(dlg.open){dlg.close();}restore();}
  dlg.addEventListener('close',restore);
  dlg.addEventListener('click',function(e){if(e.target===dlg){closeBox();}});
  document.getElementById('lightbox-close').addEventListener('click',closeBox);
  document.addEventListener('keydown',function(e){if(e.key==='Escape'){closeBox();}});
  document.querySelectorAll('button.thumb').forEach(function(b){
    b.addEventListener('click',function(){openThumb(b);});
  });
  function flash(el){if(!el){return;}el.classList.add('hl');setTimeout(function(){el.classList.remove('hl');},1600);}
  function goCard(id){var c=document.getElementById('card-'+id);if(c){c.scrollIntoView({block:'center'});flash(c);}}
  document.querySelectorAll('.sent').forEach(function(s){
    s.addEventListener('click',function(e){if(e.target.closest('mark.err')){return;}goCard(s.dataset.id);});
    s.addEventListener('keydown',function(e){
      if((e.key==='Enter'||e.key===' ')&&e.target===s){e.preventDefault();goCard(s.dataset.id);}
    });
  });
  document.querySelectorAll('a.back').forEach(function(a){
    a.addEventListener('click',function(){var id=a.getAttribute('href').slice(1);var s=document.getElementById(id);setTimeout(function(){flash(s);if(s){s.focus();}},0);});
  });
  var root=document.documentElement;
  root.setAttribute('data-rendered-sentences',document.querySelectorAll('.answer .sent').length);
  root.setAttribute('data-rendered-boxes',document.querySelectorAll('.thumbs .pg .box').length);
  root.setAttribute('data-rendered-nodes',document.querySelectorAll('svg.graph g.node').length);
  if(location.hash==='#open-first'){var f=document.querySelector('button.thumb');if(f){openThumb(f);}}
  if(location.hash==='#selftest'){
    // used by the tests: open the first thumbnail, then close it with Escape
    var t=document.querySelector('button.thumb');
    if(t){
      t.focus();t.click();
      root.setAttribute('data-selftest-open',String(dlg.open));
      root.setAttribute('data-selftest-boxes',stage.querySelectorAll('.pg .box').length);
      root.setAttribute('data-selftest-large',stage.querySelector('.pg')?stage.querySelector('.pg').className:'');
      document.dispatchEvent(new KeyboardEvent('keydown',{key:'Escape',bubbles:true}));
      root.setAttribute('data-selftest-closed',String(!dlg.open));
      root.setAttribute('data-selftest-focus',document.activeElement===t?'thumb':'other');
    }
  }
  root.setAttribute('data-ready','1');
})();
"""

EVAL_CSS = """
.heat td.cell{text-align:center;min-width:86px;font-variant-numeric:tabular-nums}
.heat td.cell small{display:block;font-size:11px;opacity:.85}
.heat td.diag{outline:2px solid #23263a;outline-offset:-2px}
.heat th.rowh{text-align:left}
.kpis{display:flex;gap:10px;flex-wrap:wrap}
.kpi{border:1px solid var(--line);border-radius:8px;padding:8px 14px;min-width:150px;background:#fff}
.kpi b{display:block;font-size:21px}
.kpi small{color:var(--muted)}
td.num{font-variant-numeric:tabular-nums}
.worst td,.worst th{text-align:left}
.scale{display:inline-block;width:160px;height:10px;vertical-align:middle;border:1px solid var(--line);
background:linear-gradient(90deg,#f7fbff,#08306b)}
"""
