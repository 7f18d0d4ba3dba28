package org.gantry.diagnostics;

/** Whether running the task again unchanged may succeed (OpenPAI's exit spec {@code type}). */
public enum Behavior { TRANSIENT, PERMANENT }
