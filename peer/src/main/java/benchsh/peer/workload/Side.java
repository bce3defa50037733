package benchsh.peer.workload;

import benchsh.peer.protocol.Endpoint;

/** One side of a running test on this peer. {@link #cancel()} may be called from any thread. */
public interface Side {
    /** What the shell needs to reach this side (the port it listens on); null for a side that does not listen. */
    Endpoint endpoint();

    /** Runs the side to its end. Returns what was measured, with the error if it failed. */
    Outcome run();

    /** Asks the side to stop soon; {@link #run()} then returns what it has with an error. */
    void cancel();
}
