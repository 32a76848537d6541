#!/bin/sh
# Renders the sign-in background clips (public/video/sea-720p.webm, sea-1080p.webm): a dusk sea with
# rolling swell, sun glitter and a distant tug, drawn by ffmpeg's geq filter. The waves run on an
# 8-second period, so the clip loops without a seam. Needs ffmpeg with libvpx-vp9.
set -eu
cd "$(dirname "$0")/../public/video"
SECONDS_LONG=8
# drawn small (smooth gradients scale up cleanly, and rendering stays fast), then scaled
SRC_W=640
SRC_H=360
HZ=0.44 # horizon, fraction of the height
SKY="if(lt(Y,H*$HZ),"
# sky: deep navy to a warm haze at the horizon, with the sun's glow
SKY_R="6+70*pow(Y/(H*$HZ),2.2)+120*exp(-(pow(X-W*0.68,2)/(2*pow(W*0.09,2)))-(pow(Y-H*$HZ,2)/(2*pow(H*0.08,2))))"
SKY_G="30+80*pow(Y/(H*$HZ),1.8)+80*exp(-(pow(X-W*0.68,2)/(2*pow(W*0.09,2)))-(pow(Y-H*$HZ,2)/(2*pow(H*0.08,2))))"
SKY_B="58+95*pow(Y/(H*$HZ),1.5)+40*exp(-(pow(X-W*0.68,2)/(2*pow(W*0.09,2)))-(pow(Y-H*$HZ,2)/(2*pow(H*0.08,2))))"
# sea: depth d from the horizon; swell phase tightens towards the horizon (perspective)
D="((Y-H*$HZ)/(H*(1-$HZ)))"
PH="(2*PI*(3/($D+0.06))-2*PI*T/$SECONDS_LONG*2+0.9*sin(X/(W*0.05)+2*PI*T/$SECONDS_LONG))"
WAVE="(0.5+0.5*sin($PH))"
GLITTER="(exp(-pow(X-W*0.68,2)/(2*pow(W*(0.02+0.08*$D),2)))*pow($WAVE,4))"
SEA_R="4+18*$WAVE*(1-0.5*$D)+150*$GLITTER"
SEA_G="42+40*(1-$D)+26*$WAVE*(1-0.5*$D)+120*$GLITTER"
SEA_B="78+50*(1-$D)+30*$WAVE*(1-0.5*$D)+80*$GLITTER"

render() { # width height file crf
  W=$1; H=$2
  S=$(echo "$W/1280" | bc -l)
  px() { printf '%.0f' "$(echo "$1*$S" | bc -l)"; }
  BOB="2*sin(2*PI*t/4)"
  ffmpeg -y -loglevel error -f lavfi -i "color=black:s=${SRC_W}x${SRC_H}:r=25:d=$SECONDS_LONG" -vf "\
geq=r='${SKY}${SKY_R},${SEA_R})':g='${SKY}${SKY_G},${SEA_G})':b='${SKY}${SKY_B},${SEA_B})',\
scale=${W}:${H}:flags=bicubic,\
drawbox=x=$(px 300):y=$(px 318)+${BOB}:w=$(px 120):h=$(px 9):color=0x0a1620:t=fill,\
drawbox=x=$(px 318):y=$(px 306)+${BOB}:w=$(px 44):h=$(px 12):color=0x0a1620:t=fill,\
drawbox=x=$(px 330):y=$(px 296)+${BOB}:w=$(px 20):h=$(px 10):color=0x0a1620:t=fill,\
drawbox=x=$(px 338):y=$(px 284)+${BOB}:w=$(px 4):h=$(px 12):color=0x0a1620:t=fill,\
format=yuv420p" -c:v libvpx-vp9 -b:v 0 -crf "$4" -row-mt 1 -an "$3"
}
render 1280 720 sea-720p.webm 42
render 1920 1080 sea-1080p.webm 44
ls -l sea-*.webm
