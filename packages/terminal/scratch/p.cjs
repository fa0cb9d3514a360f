const p=require('@lydell/node-pty'); const t0=Date.now();
const t=p.spawn('bash',['-c','exec 2>&1; read x; echo pty:$x'],{}); t.onData(d=>console.log(Date.now()-t0,'D:'+JSON.stringify(d))); t.onExit(e=>console.log(Date.now()-t0,'exit',e)); setTimeout(()=>t.write('hello\r'),200)
