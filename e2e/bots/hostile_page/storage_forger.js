(() => {
    // Hostile bot for the page's tests: opens the challenge arena's IndexedDB database (to
    // rewrite its stored games) as it loads, and logs whether it could. It must not be able to.
    try {
        indexedDB.open("flit-arena-challenge");
        console.log("storage: opened");
    } catch (error) {
        console.log(`storage: denied (${error.name})`);
    }
    return (state) => "N";
})()
