/// A transaction whose animation is known only once the handler has run: a script's gesture handler changes
/// its state and then says which animation carries the change (`return motion.roles.reveal`).
extension Stage {
    /// Settles what changed before (with the enclosing transaction, as `transact` does), runs `body`, then
    /// moves everything `body` changed with the transaction it returns (nil: the enclosing transaction's, so
    /// outside any transaction the changes snap). A `transact` inside `body` works as usual: it settles what
    /// changed before it with the enclosing transaction, then carries its own changes with its own animation.
    public func transact<Failure: Error>(decidedBy body: () throws(Failure) -> Transaction?) throws(Failure) {
        let enclosing = transactionStack.last ?? Transaction()
        reconcileAll(enclosing)
        transactionStack.append(enclosing)
        var decided: Transaction?
        defer {
            reconcileAll(decided ?? enclosing)
            transactionStack.removeLast()
        }
        decided = try body()
    }
}
