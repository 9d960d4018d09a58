console.log('wa phone');
